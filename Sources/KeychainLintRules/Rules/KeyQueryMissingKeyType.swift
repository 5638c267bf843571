import KeychainLintSyntax
import KeychainLintModel

/// A tag names a key for the app, not a key type: RSA and EC keys under one tag all match it.
struct KeyQueryMissingKeyType: Rule {
    static let description = RuleDescription(
        id: "key-query-missing-key-type",
        defaultSeverity: .warning,
        summary: "A kSecClassKey query (CopyMatching, Update, Delete) without kSecAttrKeyType.",
        rationale: """
        Key items are matched on every attribute the query gives and nothing else. Without \
        kSecAttrKeyType, an RSA key and an EC key stored under the same application tag both match: \
        a lookup may return the wrong key, and an update or delete touches both.
        """,
        howToFix: "Add kSecAttrKeyType (for example kSecAttrKeyTypeECSECPrimeRandom) to every key query.",
        triggering: [
            RuleExample("""
            func loadKey(tag: Data) -> SecKey? {
                let query: [String: Any] = [
                    kSecClass as String: kSecClassKey,
                    kSecAttrApplicationTag as String: tag,
                    kSecReturnRef as String: true,
                    kSecUseDataProtectionKeychain as String: true,
                ]
                var item: CFTypeRef?
                guard ↓SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess else { return nil }
                return (item as! SecKey)
            }
            """),
            RuleExample("""
            func deleteKey(tag: Data) {
                SecItemDelete(↓[kSecClass: kSecClassKey, kSecAttrApplicationTag: tag, kSecUseDataProtectionKeychain: true] as CFDictionary)
            }
            """),
            RuleExample("""
            func relabel(tag: Data) {
                var q = [String: Any]()
                q[kSecClass as String] = kSecClassKey
                q[kSecAttrApplicationTag as String] = tag
                q[kSecUseDataProtectionKeychain as String] = true
                ↓SecItemUpdate(q as CFDictionary, [kSecAttrLabel as String: "signing"] as CFDictionary)
            }
            """),
        ],
        nonTriggering: [
            RuleExample("""
            func attributes(of key: SecKey) {
                SecItemCopyMatching([kSecClass: kSecClassKey, kSecValueRef: key, kSecReturnAttributes: true,
                                     kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, note: "A lookup by reference names one item already."),
            RuleExample("""
            func loadKey(tag: Data) {
                SecItemCopyMatching([kSecClass: kSecClassKey, kSecAttrApplicationTag: tag,
                                     kSecAttrKeyType: kSecAttrKeyTypeECSECPrimeRandom, kSecReturnRef: true,
                                     kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func store(_ key: SecKey, tag: Data) {
                SecItemAdd([kSecClass: kSecClassKey, kSecAttrApplicationTag: tag, kSecValueRef: key,
                            kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, note: "An add carries the key itself, whose type the keychain reads."),
            RuleExample("""
            func loadPassword() {
                SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example",
                                     kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func find(_ key: SecKey) {
                var q: [String: Any] = [kSecClass as String: kSecClassKey, kSecValueRef as String: key]
                q[kSecAttrKeyType as String] = kSecAttrKeyTypeRSA
                q[kSecUseDataProtectionKeychain as String] = true
                SecItemCopyMatching(q as CFDictionary, nil)
            }
            """),
        ]
    )

    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        for use in file.uses(ofClass: "kSecClassKey") where use.role == .query {
            guard let op = use.call?.operation, op == .copyMatching || op == .update || op == .delete,
                  use.dictionary.lacks("kSecAttrKeyType"), !KeychainFacts.namesOneItem(use.dictionary) else { continue }
            findings.report(missingIn: use, "Key query without kSecAttrKeyType; keys of every type under this tag match. Add kSecAttrKeyType.")
        }
    }
}
