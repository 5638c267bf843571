import Foundation
import XCTest
import KeychainLintCLI
@testable import KeychainLintRules

/// `keychain-lint rules` and `keychain-lint explain`: what they accept, and a clear usage error
/// (status 2, nothing on stdout) for everything else.
final class SubcommandTests: XCTestCase {
    private var project: TempProject!

    override func setUpWithError() throws { project = try TempProject("subcommands") }
    override func tearDown() { project = nil }

    private func assertUsageError(_ arguments: [String], says expected: String, file: StaticString = #filePath, line: UInt = #line) {
        let r = project.run(arguments)
        XCTAssertEqual(r.code, 2, "\(arguments)", file: file, line: line)
        XCTAssertEqual(r.out, "", "\(arguments)", file: file, line: line)
        XCTAssertTrue(r.err.hasPrefix("keychain-lint: error: \(expected)\n"), "\(arguments): \(r.err)", file: file, line: line)
    }

    func testExplainNamesAnUnexpectedArgument() {
        assertUsageError(["explain", "identity-add", "extra"], says: "'explain' takes one rule id; unexpected argument 'extra'")
        assertUsageError(["explain"], says: "'explain' needs a rule id")
    }

    func testExplainSaysItTakesNoFormat() {
        assertUsageError(["explain", "--format", "json", "identity-add"],
                         says: "'explain' prints the rule's Markdown page and takes no option; unexpected '--format'")
        assertUsageError(["explain", "identity-add", "--format=json"],
                         says: "'explain' prints the rule's Markdown page and takes no option; unexpected '--format=json'")
    }

    func testExplainStillWorksAndTakesHelp() {
        XCTAssertEqual(project.run(["explain", "identity-add"]).out, RuleDocumentation.explanation(for: IdentityAdd.description))
        XCTAssertEqual(project.run(["explain", "--", "identity-add"]).code, 0, "-- ends the options")
        XCTAssertEqual(project.run(["explain", "--help"]).out, Options.usage)
    }

    /// `explain` prints the checked-in page for a reader of the rule: every line of it except the
    /// note for contributors (generated, do not edit), which no rule's explanation contains.
    func testExplainPrintsThePageWithoutContributorNotes() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        XCTAssertFalse(RuleRegistry.all.isEmpty, "no rules: the loop below would check nothing")
        for rule in RuleRegistry.all.map({ $0.description }) {
            let run = project.run(["explain", rule.id])
            XCTAssertEqual(run.code, 0, rule.id)
            XCTAssertFalse(run.out.contains("do not edit by hand"), rule.id)
            XCTAssertFalse(run.out.contains("Generated from the rule's source"), rule.id)
            let page = try String(contentsOf: repository.appendingPathComponent("rules/\(rule.id).md"), encoding: .utf8)
            XCTAssertEqual(run.out, page.replacingOccurrences(of: RuleDocumentation.contributorNote, with: ""), rule.id)
            XCTAssertTrue(page.contains(RuleDocumentation.contributorNote), "the checked-in page keeps the note: \(rule.id)")
        }
    }

    func testRulesRefusesArgumentsAndOtherOptions() {
        assertUsageError(["rules", "extra"], says: "'rules' takes no argument; unexpected 'extra'")
        assertUsageError(["rules", "--only", "identity-add"], says: "'rules' takes only --format; unexpected '--only'")
    }

    func testRulesRefusesFormatsItCannotPrint() {
        for format in ["sarif", "github", "checkstyle", "summary", "xcode"] {
            assertUsageError(["rules", "--format", format], says: "'rules' prints text or json, not '\(format)'")
        }
        assertUsageError(["rules", "--format", "yaml"], says: "'rules' prints text or json, not 'yaml'")
        assertUsageError(["rules", "--format"], says: "option '--format' needs a value")
    }

    func testRulesPrintsTextOrJSON() {
        let text = project.run(["rules"])
        XCTAssertEqual(text.code, 0)
        XCTAssertEqual(project.run(["rules", "--format", "text"]).out, text.out)
        XCTAssertEqual(project.run(["rules", "--format=json"]).out, project.run(["rules", "--format", "json"]).out)
        XCTAssertTrue(project.run(["rules", "--format", "json"]).out.hasPrefix("[{\"id\":"))
    }

    func testRulesSayWhichHaveAFix() throws {
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(project.run(["rules", "--format", "json"]).out.utf8)) as? [[String: Any]])
        let fixable = json.filter { $0["fixable"] as? Bool == true }.compactMap { $0["id"] as? String }
        XCTAssertEqual(fixable.sorted(), ["deprecated-accessibility", "missing-data-protection-keychain", "sync-query-missing-synchronizable"])
        XCTAssertEqual(json.count, json.filter { $0["fixable"] is Bool }.count)
        let line = project.run(["rules"]).out.split(separator: "\n").first { $0.hasPrefix("deprecated-accessibility ") }
        XCTAssertTrue(line?.hasSuffix(" [fix]") ?? false, String(line ?? ""))
    }
}
