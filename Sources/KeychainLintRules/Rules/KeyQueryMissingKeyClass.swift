import KeychainLintSyntax
import KeychainLintModel

/// A key pair stored under one tag is two items: without a key class a query sees both halves.
struct KeyQueryMissingKeyClass: Rule {
    static let description = RuleDescription(
        id: "key-query-missing-key-class",
        defaultSeverity: nil,
        summary: "A kSecClassKey query (CopyMatching, Update, Delete) without kSecAttrKeyClass.",
        rationale: """
        When a private key and its public key are stored under one application tag, a query without \
        kSecAttrKeyClass matches both: a lookup may return the public key where the private one was \
        meant, and a delete removes both. Off by default: many apps store only private keys.
        """,
        howToFix: "Add kSecAttrKeyClass (kSecAttrKeyClassPrivate or kSecAttrKeyClassPublic) to key queries.",
        triggering: [
            RuleExample("""
            func loadKey(tag: Data) {
                let query: [String: Any] = [kSecClass as String: kSecClassKey, kSecAttrApplicationTag as String: tag,
                                            kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom, kSecReturnRef as String: true,
                                            kSecUseDataProtectionKeychain as String: true]
                ↓SecItemCopyMatching(query as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func deleteKeys(tag: Data) {
                SecItemDelete(↓[kSecClass: kSecClassKey, kSecAttrApplicationTag: tag, kSecAttrKeyType: kSecAttrKeyTypeRSA,
                               kSecUseDataProtectionKeychain: true] as CFDictionary)
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
                var q = [String: Any]()
                q[kSecClass as String] = kSecClassKey
                q[kSecAttrApplicationTag as String] = tag
                q[kSecAttrKeyClass as String] = kSecAttrKeyClassPrivate
                q[kSecUseDataProtectionKeychain as String] = true
                SecItemCopyMatching(q as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func store(_ key: SecKey) {
                SecItemAdd([kSecClass: kSecClassKey, kSecValueRef: key, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """),
        ]
    )

    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        for use in file.uses(ofClass: "kSecClassKey") where use.role == .query {
            guard let op = use.call?.operation, op == .copyMatching || op == .update || op == .delete,
                  use.dictionary.lacks("kSecAttrKeyClass"), !KeychainFacts.namesOneItem(use.dictionary) else { continue }
            findings.report(missingIn: use, "Key query without kSecAttrKeyClass; it matches both keys of a pair. Add kSecAttrKeyClass.")
        }
    }
}
