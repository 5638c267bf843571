import XCTest
import KeychainLint
@testable import KeychainLintRules

/// Wording of rule texts and messages a reader sees without the spec beside them.
final class RuleTextTests: XCTestCase {
    /// "The seed" was the spec's name for its reference texts, which readers of a page do not have:
    /// a note says what its example is.
    func testExampleNotesSayWhatTheExampleIs() {
        XCTAssertFalse(RuleRegistry.all.isEmpty, "no rules: the loop below would check nothing")
        for rule in RuleRegistry.all {
            for example in rule.description.triggering + rule.description.nonTriggering {
                XCTAssertFalse(example.note?.lowercased().contains("seed") ?? false, "\(rule.description.id): \(example.note!)")
            }
        }
    }

    /// The app-group prefix is code, quoted as code, so "group." does not read as a sentence's end.
    func testAccessGroupMessageQuotesTheAppGroupPrefix() {
        let code = "func f() { SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrAccessGroup: \"com.example.shared\", kSecUseDataProtectionKeychain: true] as CFDictionary, nil) }\n"
        let linter = Linter(rules: [ActiveRule(rule: AccessGroupTeamID(), severity: .error)])
        let messages = linter.lint(path: "A.swift", bytes: Array(code.utf8), platforms: .iOS).map(\.message)
        XCTAssertEqual(messages, ["Access group has no Team ID prefix; the call fails with errSecMissingEntitlement. "
                                  + "Write the full TEAMID.group identifier, or an app group that starts with `group.`."])
        let d = AccessGroupTeamID.description
        for text in [d.summary, d.rationale, d.howToFix] {
            XCTAssertFalse(text.contains(" group.,") || text.contains(" group. ") || text.hasSuffix(" group."), text)
        }
    }

    /// A symmetric key cannot become a SecKey: its message says to store it as a generic password.
    func testRawSymmetricKeyMessageSaysGenericPassword() {
        let linter = Linter(rules: [ActiveRule(rule: RawKeyDataAdd(), severity: .warning)])
        func message(_ extra: String) -> String? {
            let code = "func f(_ d: Data) { SecItemAdd([kSecClass: kSecClassKey, \(extra)kSecValueData: d] as CFDictionary, nil) }\n"
            return linter.lint(path: "A.swift", bytes: Array(code.utf8), platforms: .iOS).first?.message
        }
        for symmetric in ["kSecAttrKeyClass: kSecAttrKeyClassSymmetric, ", "kSecAttrKeyType: kSecAttrKeyTypeAES, "] {
            XCTAssertEqual(message(symmetric)?.contains("Store them as a kSecClassGenericPassword item"), true, symmetric)
        }
        XCTAssertEqual(message("kSecAttrKeyType: kSecAttrKeyTypeECSECPrimeRandom, "),
                       "Raw key bytes stored as kSecValueData; the keychain cannot tell the key's type or use. Make a SecKey with SecKeyCreateWithData and add it with kSecValueRef.")
    }
}
