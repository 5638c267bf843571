import XCTest
@testable import KeychainLintCLI
@testable import KeychainLintReporters
@testable import KeychainLint
@testable import KeychainLintProject
@testable import KeychainLintSyntax
@testable import KeychainLintModel
@testable import KeychainLintRules

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

    func testSuperfluousSuppressionsAreReported() {
        XCTAssertEqual(lint("""
        // keychain-lint:disable:next identity-add
        let x = 1
        // keychain-lint:disable:this sync-this-device-only
        func f(_ i: SecIdentity) -> OSStatus {
            // keychain-lint:disable:next identity-ad
            return \(add)
        }
        """), ["1:1 superfluous-suppression", "3:1 superfluous-suppression", "5:5 superfluous-suppression", "6:24 identity-add"])
    }

    func testASuppressionOfADisabledRuleIsNotJudged() {
        let linter = Linter(rules: [ActiveRule(rule: SuperfluousSuppression(), severity: .warning)])
        let findings = linter.lint(path: "S.swift", bytes: Array("// keychain-lint:disable:next identity-add\nlet kSecX = 1\n".utf8), platforms: .all)
        XCTAssertEqual(findings, [])
    }
}
