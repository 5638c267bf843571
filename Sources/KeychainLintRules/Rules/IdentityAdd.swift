import KeychainLintModel

/// An identity is a certificate and a private key that match; the keychain stores the two, never the pair.
struct IdentityAdd: Rule {
    static let description = RuleDescription(
        id: "identity-add",
        defaultSeverity: .error,
        summary: "SecItemAdd with kSecClass set to kSecClassIdentity.",
        rationale: """
        There is no identity table: an identity appears only when a certificate item and a private-key \
        item that match are both stored. Adding an item of class kSecClassIdentity fails with errSecParam (-50).
        """,
        howToFix: """
        Import a PKCS#12 blob with SecPKCS12Import, or add the certificate (kSecClassCertificate) and \
        the private key (kSecClassKey) separately. Querying kSecClassIdentity is fine.
        """,
        triggering: [
            RuleExample("""
            func store(_ identity: SecIdentity) -> OSStatus {
                let query: [String: Any] = [
                    ↓kSecClass as String: kSecClassIdentity,
                    kSecValueRef as String: identity,
                    kSecUseDataProtectionKeychain as String: true,
                ]
                return SecItemAdd(query as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func store(_ identity: SecIdentity) {
                var q = [String: Any]()
                q[↓kSecClass as String] = kSecClassIdentity
                q[kSecValueRef as String] = identity
                q[kSecUseDataProtectionKeychain as String] = true
                SecItemAdd(q as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func store(_ identity: SecIdentity) {
                _ = SecItemAdd([↓kSecClass: kSecClassIdentity, kSecValueRef: identity, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """),
            RuleExample("""
            private let Class = String(kSecClass)
            private let IdentityClass = kSecClassIdentity as String
            func store(_ identity: SecIdentity) {
                let add = SecItemAdd
                _ = add([↓Class: IdentityClass, String(kSecValueRef): identity, String(kSecUseDataProtectionKeychain): true] as CFDictionary, nil)
            }
            """, note: "Aliases of the key, the value and the function.", excludeFromDocumentation: true),
            RuleExample("""
            struct IdentityStore {
                var identityQuery: [String: Any] { [↓kSecClass as String: kSecClassIdentity, kSecUseDataProtectionKeychain as String: true] }
                func store(_ identity: SecIdentity) {
                    var q = identityQuery
                    q[kSecValueRef as String] = identity
                    SecItemAdd(q as CFDictionary, nil)
                }
            }
            """, note: "Built by a helper, reported at the helper's key."),
            RuleExample("""
            func identityItem(_ identity: SecIdentity) -> [String: Any] {
                [↓kSecClass as String: kSecClassIdentity, kSecValueRef as String: identity]
            }
            """, note: "No call is visible, but the dictionary carries kSecValueRef: it is an add."),
            RuleExample("""
            func store(_ identity: SecIdentity) {
                var q: [String: Any] = [kSecValueRef as String: identity]
                q.merge([↓kSecClass as String: kSecClassIdentity]) { $1 }
                #if os(macOS)
                q[kSecUseDataProtectionKeychain as String] = true
                #endif
                SecItemAdd(q as CFDictionary, nil)
            }
            """),
        ],
        nonTriggering: [
            RuleExample("""
            func find() -> SecIdentity? {
                let query: [String: Any] = [
                    kSecClass as String: kSecClassIdentity,
                    kSecReturnRef as String: true,
                    kSecMatchLimit as String: kSecMatchLimitOne,
                    kSecUseDataProtectionKeychain as String: true,
                ]
                var item: CFTypeRef?
                guard SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess else { return nil }
                return (item as! SecIdentity)
            }
            """, note: "Querying identities is how they are read."),
            RuleExample("""
            func importIdentity(_ p12: Data, password: String) -> OSStatus {
                let options = [kSecImportExportPassphrase as String: password]
                var items: CFArray?
                return SecPKCS12Import(p12 as CFData, options as CFDictionary, &items)
            }
            """),
            RuleExample("""
            func store(certificate: SecCertificate, key: SecKey) {
                SecItemAdd([kSecClass: kSecClassCertificate, kSecValueRef: certificate, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
                SecItemAdd([kSecClass: kSecClassKey, kSecValueRef: key, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, note: "Adding the certificate and the key separately."),
            RuleExample("""
            func remove() {
                SecItemDelete([kSecClass: kSecClassIdentity, kSecAttrLabel: "client", kSecUseDataProtectionKeychain: true] as CFDictionary)
            }
            """),
            RuleExample("""
            func rename() {
                SecItemUpdate([String(kSecClass): kSecClassIdentity, String(kSecAttrLabel): "old",
                               String(kSecUseDataProtectionKeychain): true] as CFDictionary,
                              [String(kSecAttrLabel): "new"] as CFDictionary)
            }
            """),
            RuleExample("""
            var identityQuery: [String: Any] {
                [kSecClass as String: kSecClassIdentity, kSecReturnRef as String: true, kSecMatchLimit as String: kSecMatchLimitAll]
            }
            """, note: "A query built for later use, without item data, is not an add."),
            RuleExample("""
            func importIdentity(_ p12: Data) {
                var items: CFArray?
                SecPKCS12Import(p12 as CFData, [kSecImportExportPassphrase as String: "p12password"] as CFDictionary, &items)
                guard let first = (items as? [[String: Any]])?.first,
                      let identity = first[kSecImportItemIdentity as String] else { return }
                print(identity)
            }
            """, note: "An identity imported from PKCS#12 data with SecPKCS12Import, the way to get one: nothing is added."),
        ]
    )

    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        for use in file.uses where use.role == .query && use.effectiveOperation == .add {
            guard let entry = use.dictionary.entries.first(where: { $0.key == "kSecClass" && $0.value.symbolName == "kSecClassIdentity" }) else { continue }
            findings.report(at: entry.keyOffset, "Identities cannot be added; SecItemAdd fails with errSecParam. Import a PKCS#12 with SecPKCS12Import, or add the certificate and private key separately.")
        }
    }
}
