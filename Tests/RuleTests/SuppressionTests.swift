import XCTest
import KeychainLint
import KeychainLintRules

/// Inline suppressions with the default rules, and the superfluous-suppression finding.
final class SuppressionTests: XCTestCase {
    private func lint(_ code: String) -> [String] {
        Linter(rules: Linter.defaultRules).lint(path: "S.swift", bytes: Array(code.utf8), platforms: .iOS)
            .map { "\($0.line):\($0.column) \($0.ruleID)" }
    }

    private let add = "SecItemAdd([kSecClass: kSecClassIdentity, kSecValueRef: i] as CFDictionary, nil)"

    func testUnsuppressed() {
        XCTAssertEqual(lint("func f(_ i: SecIdentity) -> OSStatus {\n    return \(add)\n}\n"), ["2:24 identity-add"])
    }

    func testDisableNextAndThis() {
        XCTAssertEqual(lint("""
        func f(_ i: SecIdentity) -> OSStatus {
            // keychain-lint:disable:next identity-add - the test expects errSecParam
            return \(add)
        }
        func g(_ i: SecIdentity) -> OSStatus {
            return \(add) // keychain-lint:disable:this identity-add
        }
        """), [])
    }

    func testRegionsAndAll() {
        XCTAssertEqual(lint("""
        // keychain-lint:disable identity-add, unhandled-duplicate-item
        func f(_ i: SecIdentity) { _ = \(add) }
        // keychain-lint:enable identity-add
        func g(_ i: SecIdentity) { _ = \(add) }
        // keychain-lint:disable all
        func h(_ i: SecIdentity) { _ = \(add) }
        """), ["4:44 identity-add"])
    }

    func testAnUnknownRuleIdIsAnInvalidSuppressionThatNamesTheClosestId() {
        let findings = Linter(rules: Linter.defaultRules).lint(path: "S.swift", bytes: Array("""
        // keychain-lint:disable:next identity-ad, missing-dpk, identity-add
        func f(_ i: SecIdentity) -> OSStatus { \(add) }
        """.utf8), platforms: .iOS)
        XCTAssertEqual(findings.map { "\($0.line):\($0.column) \($0.ruleID)" }, ["1:1 invalid-suppression"], "the known id still suppresses")
        XCTAssertEqual(findings.first?.message, "This suppression names no rule keychain-lint has: 'identity-ad' (did you mean 'identity-add'?), 'missing-dpk'; nothing is suppressed for them. Fix the id (see 'keychain-lint rules').")
    }

    func testSuperfluousSuppressionsAreReported() {
        XCTAssertEqual(lint("""
        // keychain-lint:disable:next identity-add
        let x = 1
        // keychain-lint:disable:this sync-this-device-only
        func f(_ i: SecIdentity) -> OSStatus {
            // keychain-lint:disable:next identity-ad
            return \(add)
        }
        """), ["1:1 superfluous-suppression", "3:1 superfluous-suppression", "5:5 invalid-suppression", "6:24 identity-add"])
    }

    func testASuppressionOfADisabledRuleIsNotJudged() {
        let linter = Linter(rules: [ActiveRule(rule: SuperfluousSuppression(), severity: .warning)])
        let findings = linter.lint(path: "S.swift", bytes: Array("// keychain-lint:disable:next identity-add\nlet kSecX = 1\n".utf8), platforms: .all)
        XCTAssertEqual(findings, [])
    }

    // MARK: spellings other tools use, and malformed directives

    func testDisablePreviousCoversTheLineAbove() {
        XCTAssertEqual(lint("""
        func f(_ i: SecIdentity) -> OSStatus {
            return \(add)
            // keychain-lint:disable:previous identity-add - SwiftLint's spelling
        }
        let x = 1
        // keychain-lint:disable:previous identity-add
        """), ["6:1 superfluous-suppression"])
    }

    func testASpaceAfterTheColonIsRead() {
        XCTAssertEqual(lint("""
        func f(_ i: SecIdentity) -> OSStatus {
            // keychain-lint: disable:next identity-add
            return \(add)
        }
        """), [])
    }

    func testOneLineBlockCommentsAreRead() {
        XCTAssertEqual(lint("""
        func f(_ i: SecIdentity) -> OSStatus {
            /* keychain-lint:disable:next identity-add */
            return \(add)
        }
        func g(_ i: SecIdentity) -> OSStatus {
            return \(add) /** keychain-lint:disable:this identity-add - reason */
        }
        """), [])
    }

    func testMalformedDirectivesAreReportedNotIgnored() {
        XCTAssertEqual(lint("""
        func f(_ i: SecIdentity) -> OSStatus {
            // keychain-lint:disable:nxt identity-add
            return \(add)
        }
        /* A block comment over several lines:
           keychain-lint:disable:next identity-add */
        func g(_ i: SecIdentity) -> OSStatus { return \(add) }
        // keychain-lint:disable
        // keychain-lint:disable:this - a reason, but no rule
        // keychain-lint:ignore-next-line identity-add
        // keychain-lint: disabled identity-add
        """), ["2:5 invalid-suppression", "3:24 identity-add", "5:1 invalid-suppression", "7:59 identity-add",
               "8:1 invalid-suppression", "9:1 invalid-suppression", "10:1 invalid-suppression", "11:1 invalid-suppression"])
    }

    func testInvalidSuppressionMessagesSayWhatIsWrong() {
        let findings = Linter(rules: Linter.defaultRules).lint(path: "S.swift", bytes: Array("""
        // keychain-lint:disable:nxt identity-add
        // keychain-lint:enable
        /*
         keychain-lint:disable all */
        """.utf8), platforms: .iOS)
        XCTAssertEqual(findings.map(\.message), [
            "Unknown keychain-lint command 'disable:nxt'; nothing is suppressed. Write disable, enable, disable:next, disable:this or disable:previous.",
            "This keychain-lint:enable names no rule; nothing is suppressed. Name the rule ids, or all.",
            "A keychain-lint command in a block comment over several lines is not read; nothing is suppressed. Write it in a // comment.",
        ])
    }

    func testAnInvalidSuppressionCanItselfBeSuppressed() {
        XCTAssertEqual(lint("""
        // keychain-lint:disable:next invalid-suppression - documents the syntax
        // keychain-lint:ignore identity-add
        let x = 1
        """), [])
    }

    func testProseThatMentionsTheToolIsNotADirective() {
        XCTAssertEqual(lint("""
        // keychain-lint is run in CI; see keychain-lint:disable in the README.
        // keychain-lint: see the README
        /* keychain-lint runs on every push */
        let x = 1
        """), [])
    }
}
