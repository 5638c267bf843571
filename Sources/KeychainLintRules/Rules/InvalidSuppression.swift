import KeychainLintModel

/// A comment meant as a suppression that keychain-lint cannot read (see `Suppressions.Malformed`).
/// Reported by the linter itself from the comments it reads for suppressions (`Linter.malformed`),
/// so a file is not searched twice; like any finding it can be suppressed and configured.
package struct InvalidSuppression: Rule {
    package static let id = "invalid-suppression"

    package static let description = RuleDescription(
        id: id, kind: .suppression,
        defaultSeverity: .warning,
        summary: "A comment that reads as a keychain-lint command but is not one, so it suppresses nothing.",
        rationale: """
        A misspelt command, a command without a rule id, or one in a block comment over several lines \
        hides nothing: the finding it was written for is reported anyway, with no hint why the comment \
        did not work. Reporting the comment says what to fix, as SwiftLint's invalid_swiftlint_command does.
        """,
        howToFix: """
        Write // keychain-lint:disable, :enable, :disable:next, :disable:this or :disable:previous, followed by \
        rule ids (or all) and optionally " - reason", in a // comment or a one-line /* */ comment.
        """,
        triggering: [
            RuleExample("""
            func save(_ identity: SecIdentity) {
                ↓// keychain-lint:disable:nxt identity-add - a typo in the command
                SecItemAdd([kSecClass: kSecClassIdentity, kSecValueRef: identity] as CFDictionary, nil)
            }
            """, note: "An unknown command."),
            RuleExample("""
            ↓// keychain-lint:ignore-next-line identity-add
            let x = 1
            """, note: "Another linter's spelling."),
            RuleExample("""
            ↓// keychain-lint:disable - the reason, but no rule id
            let x = 1
            """, note: "A command that names no rule."),
            RuleExample("""
            ↓// keychain-lint: disabled identity-add
            let x = 1
            """),
            RuleExample("""
            func save(_ identity: SecIdentity) {
                ↓// keychain-lint:disable:next identity-ad, missing-dpk - typos in the ids
                SecItemAdd([kSecClass: kSecClassIdentity, kSecValueRef: identity, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, note: "Rule ids keychain-lint does not have: the message names the closest id ('did you mean identity-add?') where one is close."),
        ],
        nonTriggering: [
            RuleExample("""
            func save(_ identity: SecIdentity) {
                // keychain-lint:disable:next identity-add - covered by a test that expects errSecParam
                SecItemAdd([kSecClass: kSecClassIdentity, kSecValueRef: identity] as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func save(_ identity: SecIdentity) {
                SecItemAdd([kSecClass: kSecClassIdentity, kSecValueRef: identity] as CFDictionary, nil)
                // keychain-lint: disable:previous identity-add
            }
            """, note: "disable:previous, as in SwiftLint, and a space after the colon, are read."),
            RuleExample("""
            func save(_ identity: SecIdentity) {
                /* keychain-lint:disable:next identity-add */
                SecItemAdd([kSecClass: kSecClassIdentity, kSecValueRef: identity] as CFDictionary, nil)
            }
            """, note: "A block comment on one line is read like a // comment."),
            RuleExample("""
            // keychain-lint: see the README for the rules.
            // Run keychain-lint:disable-free code in CI.
            let help = "// keychain-lint:disable:nxt all"
            """, note: "Prose about the tool, and strings, are not commands."),
        ],
        requiredLiterals: ["keychain-lint:"]
    )

    package init() {}

    package func check(_ file: KeychainFile, into findings: inout FindingCollector) {}
}
