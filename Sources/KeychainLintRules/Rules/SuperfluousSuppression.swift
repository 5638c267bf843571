import KeychainLintModel

/// Reported by the linter itself after the other rules ran: see `Linter.superfluous`.
package struct SuperfluousSuppression: Rule {
    package static let id = "superfluous-suppression"

    package static let description = RuleDescription(
        id: id, kind: .suppression,
        defaultSeverity: .warning,
        summary: "A keychain-lint:disable comment that hides no finding.",
        rationale: """
        A suppression that hides nothing no longer has a reason, but it would silently hide the next \
        real mistake on its line or in its region. Reporting it keeps suppressions from rotting, as \
        SwiftLint does.
        """,
        howToFix: "Remove the comment, or fix the rule id it names.",
        triggering: [
            RuleExample("""
            func load() {
                ↓// keychain-lint:disable all - nothing here any more
                SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """),
        ],
        nonTriggering: [
            RuleExample("""
            func save(_ identity: SecIdentity) {
                // keychain-lint:disable:next identity-add - covered by a test that expects errSecParam
                SecItemAdd([kSecClass: kSecClassIdentity, kSecValueRef: identity] as CFDictionary, nil)
            }
            """, note: "identity-add is not running in this example, so its suppression cannot be judged."),
            RuleExample("""
            let help = "// keychain-lint:disable all"
            """),
        ],
        requiredLiterals: ["keychain-lint:"]
    )

    package init() {}

    package func check(_ file: KeychainFile, into findings: inout FindingCollector) {}
}
