import KeychainLintSyntax
import KeychainLintModel

/// A delete that names only a class deletes every item of it the app can reach.
struct BroadDelete: Rule {
    /// Keys that choose the keychain or the match count, not which items: they do not narrow a delete.
    private static let nonNarrowingKeys: Set<String> = [
        "kSecClass", "kSecUseDataProtectionKeychain", "kSecAttrSynchronizable", "kSecMatchLimit",
    ]

    static let description = RuleDescription(
        id: "broad-delete",
        defaultSeverity: nil,
        summary: "SecItemDelete whose query holds only kSecClass.",
        rationale: """
        SecItemDelete removes every item that matches. A query with only kSecClass deletes all the \
        app's items of that class on the data protection keychain (shared access groups included), \
        but only one item on the file-based keychain: a different bug on each. Off by default: a \
        deliberate sign-out wipe is legitimate.
        """,
        howToFix: "Narrow the query (kSecAttrService, kSecAttrAccount, kSecAttrAccessGroup), or delete in a loop over what you mean to remove.",
        triggering: [
            RuleExample("""
            func signOut() {
                SecItemDelete(↓[kSecClass as String: kSecClassGenericPassword] as CFDictionary)
            }
            """),
            RuleExample("""
            func wipe() {
                let query: [String: Any] = [kSecClass as String: kSecClassKey, kSecUseDataProtectionKeychain as String: true]
                ↓SecItemDelete(query as CFDictionary)
            }
            """),
        ],
        nonTriggering: [
            RuleExample("""
            func signOut() {
                SecItemDelete([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example.session",
                               kSecUseDataProtectionKeychain: true] as CFDictionary)
            }
            """),
            RuleExample("""
            func wipe(group: String) {
                var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
                q[kSecAttrAccessGroup as String] = group
                SecItemDelete(q as CFDictionary)
            }
            """),
        ]
    )

    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        for use in file.uses where use.call?.operation == .delete && use.role == .query {
            let entries = use.dictionary.entries
            guard !use.dictionary.hasUnknownBase, entries.contains(where: { $0.key == "kSecClass" }),
                  entries.allSatisfy({ Self.nonNarrowingKeys.contains($0.key) }) else { continue }
            findings.report(missingIn: use, "Delete query names only a class; it removes every such item the app can reach. Narrow it with kSecAttrService or kSecAttrAccount.")
        }
    }
}
