import Foundation
import XCTest
import KeychainLintRules

/// Every rule's own examples, one test per rule so one rule runs alone:
/// `swift test --filter test_identity_add` (the id with `_` for `-`); `--filter RuleExampleTests` runs them all.
/// XCTest on Linux needs a written method per test: `testEveryRuleHasExactlyOneTestMethod` keeps
/// this list and `RuleRegistry` the same. The checks are in RuleExampleHarness.swift.
final class RuleExampleTests: XCTestCase {
    func test_access_group_not_entitled() { checkExamples(of: "access-group-not-entitled") }
    func test_access_group_team_id() { checkExamples(of: "access-group-team-id") }
    func test_access_group_update() { checkExamples(of: "access-group-update") }
    func test_app_group_on_macos() { checkExamples(of: "app-group-on-macos") }
    func test_application_label_string() { checkExamples(of: "application-label-string") }
    func test_broad_delete() { checkExamples(of: "broad-delete") }
    func test_certificate_application_tag() { checkExamples(of: "certificate-application-tag") }
    func test_deprecated_accessibility() { checkExamples(of: "deprecated-accessibility") }
    func test_entitlement_access_group_prefix() { checkExamples(of: "entitlement-access-group-prefix") }
    func test_generic_password_missing_primary_key() { checkExamples(of: "generic-password-missing-primary-key") }
    func test_generic_password_web_login() { checkExamples(of: "generic-password-web-login") }
    func test_identity_add() { checkExamples(of: "identity-add") }
    func test_invalid_suppression() { checkExamples(of: "invalid-suppression") }
    func test_internet_password_invalid_attribute() { checkExamples(of: "internet-password-invalid-attribute") }
    func test_key_generation_missing_attribute() { checkExamples(of: "key-generation-missing-attribute") }
    func test_key_query_missing_key_class() { checkExamples(of: "key-query-missing-key-class") }
    func test_key_query_missing_key_type() { checkExamples(of: "key-query-missing-key-type") }
    func test_missing_accessibility() { checkExamples(of: "missing-accessibility") }
    func test_missing_data_protection_keychain() { checkExamples(of: "missing-data-protection-keychain") }
    func test_raw_key_data_add() { checkExamples(of: "raw-key-data-add") }
    func test_superfluous_suppression() { checkExamples(of: "superfluous-suppression") }
    func test_sync_query_missing_synchronizable() { checkExamples(of: "sync-query-missing-synchronizable") }
    func test_sync_this_device_only() { checkExamples(of: "sync-this-device-only") }
    func test_unhandled_duplicate_item() { checkExamples(of: "unhandled-duplicate-item") }

    /// The methods above, read from this file, against the registry: a new rule without a method
    /// (its examples would run nowhere) or a method for a rule that is gone fails here.
    func testEveryRuleHasExactlyOneTestMethod() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        var checked: [String: String] = [:]  // method name → the id it checks
        for line in source.split(separator: "\n") where line.trimmingCharacters(in: .whitespaces).hasPrefix("func test_") {
            guard let method = Self.perRuleMethod(line) else {
                XCTFail("not of the form `func test_<id>() { checkExamples(of: \"<id>\") }`: \(line)")
                continue
            }
            XCTAssertNil(checked.updateValue(method.id, forKey: method.name), "\(method.name) is written twice")
            XCTAssertEqual(method.name, "test_" + method.id.replacingOccurrences(of: "-", with: "_"),
                           "\(method.name) checks \(method.id): name it after the rule it checks")
        }
        let ids = Set(RuleRegistry.all.map { $0.description.id })
        for id in ids.subtracting(checked.values).sorted() {
            let name = "test_" + id.replacingOccurrences(of: "-", with: "_")
            XCTFail("\(id) has no test method: add `func \(name)() { checkExamples(of: \"\(id)\") }` to RuleExampleTests")
        }
        for (name, id) in checked.sorted(by: { $0.key < $1.key }) where !ids.contains(id) {
            XCTFail("\(name) checks \(id), which is no rule in RuleRegistry")
        }
    }

    /// `func test_x() { checkExamples(of: "x-id") }` → ("test_x", "x-id").
    private static func perRuleMethod(_ line: Substring) -> (name: String, id: String)? {
        let text = line.trimmingCharacters(in: .whitespaces)
        let head = "func ", call = "() { checkExamples(of: \"", tail = "\") }"
        guard text.hasPrefix(head), text.hasSuffix(tail), let callRange = text.range(of: call) else { return nil }
        let name = text[text.index(text.startIndex, offsetBy: head.count)..<callRange.lowerBound]
        let id = text[callRange.upperBound..<text.index(text.endIndex, offsetBy: -tail.count)]
        return (String(name), String(id))
    }

    func testEveryRuleIsDescribed() {
        XCTAssertFalse(RuleRegistry.all.isEmpty)
        var ids = Set<String>()
        for rule in RuleRegistry.all {
            let d = rule.description
            XCTAssertTrue(ids.insert(d.id).inserted, "duplicate id \(d.id)")
            XCTAssertTrue(d.id.split(separator: "-", omittingEmptySubsequences: false).allSatisfy { word in
                !word.isEmpty && word.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) }
            }, "\(d.id) is not kebab-case")
            XCTAssertFalse(d.triggering.isEmpty, "\(d.id) has no triggering example")
            XCTAssertFalse(d.nonTriggering.isEmpty, "\(d.id) has no non-triggering example")
            XCTAssertFalse(d.summary.isEmpty || d.rationale.isEmpty || d.howToFix.isEmpty, "\(d.id) lacks text")
            // Only a rule that never reads Swift may leave the Swift prefilter nothing to look for.
            XCTAssertFalse(d.requiredLiterals.isEmpty && !d.triggering.allSatisfy(\.isEntitlementsFile), "\(d.id) declares no prefilter literal")
        }
    }
}
