import KeychainLintModel

/// kSecAttrApplicationLabel is the key's public-key hash, set by the system; lookups use the tag.
struct ApplicationLabelString: Rule {
    static let description = RuleDescription(
        id: "application-label-string",
        defaultSeverity: .warning,
        summary: "kSecAttrApplicationLabel set to a string, or to data made from one.",
        rationale: """
        For keys, kSecAttrApplicationLabel holds the SHA-1 hash of the public key, which the system \
        uses to pair keys with certificates into identities. Writing a name there breaks that pairing, \
        and a query by that label finds nothing once the system has set the real hash.
        """,
        howToFix: "Identify your keys with kSecAttrApplicationTag (Data) and leave kSecAttrApplicationLabel to the system.",
        triggering: [
            RuleExample("""
            func find() {
                SecItemCopyMatching([kSecClass: kSecClassKey, kSecAttrKeyType: kSecAttrKeyTypeRSA, ↓kSecAttrApplicationLabel: "signing-key",
                                     kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func generate(name: String) {
                let attributes: [String: Any] = [
                    kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                    kSecAttrKeySizeInBits as String: 256,
                    kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, ↓kSecAttrApplicationLabel as String: name.data(using: .utf8)!],
                ]
                _ = SecKeyCreateRandomKey(attributes as CFDictionary, nil)
            }
            """, note: "Nested key attributes belong to the item; data made from any String."),
            RuleExample("""
            let keyName = "com.example.key"
            func delete() {
                let label = Data(keyName.utf8)
                var q = [String: Any]()
                q[kSecClass as String] = kSecClassKey
                q[kSecAttrKeyType as String] = kSecAttrKeyTypeRSA
                q[↓kSecAttrApplicationLabel as String] = label
                q[kSecUseDataProtectionKeychain as String] = true
                SecItemDelete(q as CFDictionary)
            }
            """, note: "Through a local binding."),
        ],
        nonTriggering: [
            RuleExample("""
            func find(hash: Data) {
                SecItemCopyMatching([kSecClass: kSecClassKey, kSecAttrKeyType: kSecAttrKeyTypeRSA, kSecAttrApplicationLabel: hash,
                                     kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, note: "A public-key hash from elsewhere."),
            RuleExample("""
            func find() {
                SecItemCopyMatching([kSecClass: kSecClassKey, kSecAttrKeyType: kSecAttrKeyTypeRSA,
                                     kSecAttrApplicationTag: "com.example.key".data(using: .utf8)!,
                                     kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, note: "The tag is the developer's attribute."),
            RuleExample("""
            func find() {
                SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecAttrLabel: "signing-key",
                                     kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """),
        ]
    )

    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        for use in file.uses {
            use.dictionary.forEachItemEntry("kSecAttrApplicationLabel") { entry in
                switch entry.value {
                case .string, .someString, .dataFromString:
                    findings.report(at: entry.keyOffset, "kSecAttrApplicationLabel set from a string; it is the public-key hash, so lookups by it fail. Use kSecAttrApplicationTag for your own identifier.")
                default:
                    return
                }
            }
        }
    }
}
