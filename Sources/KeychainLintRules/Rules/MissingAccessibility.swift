import KeychainLintSyntax
import KeychainLintModel

/// Without an accessibility, the item gets the default, which may not be what the data needs.
struct MissingAccessibility: Rule {
    static let description = RuleDescription(
        id: "missing-accessibility",
        defaultSeverity: nil,
        summary: "SecItemAdd without kSecAttrAccessible or kSecAttrAccessControl.",
        rationale: """
        An item added without an accessibility gets kSecAttrAccessibleWhenUnlocked: a background task \
        cannot read it while the device is locked, and it is included in encrypted backups. Off by \
        default: the default suits many items.
        """,
        howToFix: "State the accessibility on every add: kSecAttrAccessible (for example kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly) or kSecAttrAccessControl.",
        triggering: [
            RuleExample("""
            func save(_ token: Data) {
                let q: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example",
                                        kSecAttrAccount as String: "me", kSecValueData as String: token]
                ↓SecItemAdd(q as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func save(_ key: SecKey) {
                SecItemAdd(↓[kSecClass: kSecClassKey, kSecValueRef: key] as CFDictionary, nil)
            }
            """),
        ],
        nonTriggering: [
            RuleExample("""
            func save(_ token: Data) {
                var q = [String: Any]()
                q[kSecClass as String] = kSecClassGenericPassword
                q[kSecValueData as String] = token
                q[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                SecItemAdd(q as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func save(_ token: Data, access: SecAccessControl) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrAccessControl: access, kSecValueData: token] as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func load() {
                SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecReturnData: true] as CFDictionary, nil)
            }
            """),
        ]
    )

    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        for use in file.uses where use.role == .query && use.effectiveOperation == .add {
            guard use.dictionary.lacks("kSecAttrAccessible"), use.dictionary.lacks("kSecAttrAccessControl") else { continue }
            findings.report(missingIn: use, "Item added without an accessibility; it gets the default, readable only while unlocked. Set kSecAttrAccessible or kSecAttrAccessControl.")
        }
    }
}
