import KeychainLintSyntax
import KeychainLintModel

/// The keychain stores keys as keys: raw bytes under kSecClassKey lose their type and usage.
struct RawKeyDataAdd: Rule {
    static let description = RuleDescription(
        id: "raw-key-data-add",
        defaultSeverity: .warning,
        summary: "SecItemAdd of a kSecClassKey item with kSecValueData.",
        rationale: """
        Adding raw key bytes as kSecValueData stores a key item whose type, size and usage the keychain \
        cannot check; SecItemCopyMatching with kSecReturnRef then fails to make a SecKey from it, or \
        returns one of the wrong type.
        """,
        howToFix: "Create the key with SecKeyCreateWithData, then add it with kSecValueRef.",
        triggering: [
            RuleExample("""
            func store(keyData: Data, tag: Data) {
                let query: [String: Any] = [
                    kSecClass as String: kSecClassKey,
                    kSecAttrApplicationTag as String: tag,
                    ↓kSecValueData as String: keyData,
                    kSecUseDataProtectionKeychain as String: true,
                ]
                SecItemAdd(query as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func store(keyData: Data) {
                var q = [String: Any]()
                q[kSecClass as String] = kSecClassKey
                q[↓kSecValueData as String] = keyData
                q[kSecUseDataProtectionKeychain as String] = true
                SecItemAdd(q as CFDictionary, nil)
            }
            """),
        ],
        nonTriggering: [
            RuleExample("""
            func store(keyData: Data, tag: Data) {
                let attributes = [kSecAttrKeyType: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeyClass: kSecAttrKeyClassPrivate] as CFDictionary
                guard let key = SecKeyCreateWithData(keyData as CFData, attributes, nil) else { return }
                SecItemAdd([kSecClass: kSecClassKey, kSecAttrApplicationTag: tag, kSecValueRef: key,
                            kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func store(_ secret: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example", kSecAttrAccount: "k",
                            kSecValueData: secret, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func update(tag: Data) {
                SecItemUpdate([kSecClass: kSecClassKey, kSecAttrApplicationTag: tag, kSecUseDataProtectionKeychain: true] as CFDictionary,
                              [kSecAttrLabel: "k"] as CFDictionary)
            }
            """),
        ]
    )

    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        for use in file.uses where use.role == .query && use.effectiveOperation == .add && use.dictionary.hasItemClass("kSecClassKey") {
            for entry in use.dictionary.entries where entry.key == "kSecValueData" {
                findings.report(at: entry.keyOffset, "Raw key bytes added as kSecValueData; the keychain cannot tell the key's type or use. Make a SecKey with SecKeyCreateWithData and add it with kSecValueRef.")
            }
        }
    }
}
