import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import KeychainLintReporters
@testable import KeychainLintRules

/// Each format checked against its consumer's rules, on findings whose text needs escaping.
final class ReporterTests: XCTestCase {
    private let hostile = "50% of \"items\" <failed> & line\nbreak, colon: here\r\u{1}\u{2028}"

    private var result: LintResult {
        LintResult(filesLinted: 3, findings: [
            Finding(ruleID: "identity-add", severity: .error, message: hostile, path: "./Sources/A b,c:d.swift", line: 9, column: 13),
            Finding(ruleID: "identity-add", severity: .error, message: hostile, path: "./Sources/A b,c:d.swift", line: 20, column: 5),
            Finding(ruleID: "missing-data-protection-keychain", severity: .warning, message: "plain", path: "Z.swift", line: 1, column: 1),
        ], rules: RuleRegistry.all.map { $0.description })
    }

    func testGitHubCommandsEscapeDataAndProperties() {
        let lines = GitHubReporter().report(result).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 4)
        XCTAssertEqual(String(lines[0]), "::error file=./Sources/A b%2Cc%3Ad.swift,line=9,col=13,title=identity-add::50%25 of \"items\" <failed> & line%0Abreak, colon: here%0D\u{1}\u{2028}")
        XCTAssertEqual(String(lines[2]), "::warning file=Z.swift,line=1,col=1,title=missing-data-protection-keychain::plain")
    }

    func testCheckstyleIsWellFormedXMLWithEveryFinding() throws {
        let xml = CheckstyleReporter().report(result)
        final class Collector: NSObject, XMLParserDelegate {
            var errors: [[String: String]] = []
            var files: [String] = []
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
                if name == "error" { errors.append(attributes) }
                if name == "file" { files.append(attributes["name"] ?? "") }
            }
        }
        let parser = XMLParser(data: Data(xml.utf8))
        let collector = Collector()
        parser.delegate = collector
        XCTAssertTrue(parser.parse(), "not well-formed: \(String(describing: parser.parserError))\n\(xml)")
        XCTAssertEqual(collector.files, ["./Sources/A b,c:d.swift", "Z.swift"])
        XCTAssertEqual(collector.errors.count, 3)
        XCTAssertEqual(collector.errors[0]["source"], "keychain-lint.identity-add")
        XCTAssertEqual(collector.errors[0]["line"], "9")
        XCTAssertTrue(collector.errors[0]["message"]!.hasPrefix("50% of \"items\" <failed> & line\nbreak"))
    }

    func testSARIFHasRulesResultsAndStableFingerprints() throws {
        let text = SARIFReporter().report(result)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(json["version"] as? String, "2.1.0")
        let run = try XCTUnwrap((json["runs"] as? [[String: Any]])?.first)
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.map { $0["id"] as? String }, RuleRegistry.all.map { $0.description.id })
        XCTAssertEqual(rules[0]["helpUri"] as? String, "rules/generic-password-web-login.md")
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 3)
        let location = try XCTUnwrap(((results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
        let artifact = try XCTUnwrap(location["artifactLocation"] as? [String: Any])
        XCTAssertEqual(artifact["uri"] as? String, "Sources/A%20b%2Cc%3Ad.swift")
        XCTAssertEqual(artifact["uriBaseId"] as? String, "SRCROOT")
        XCTAssertEqual((location["region"] as? [String: Any])?["startLine"] as? Int, 9)
        let prints = results.map { ($0["partialFingerprints"] as? [String: String])?["keychainLint/v1"] }
        XCTAssertEqual(Set(prints.compactMap { $0 }).count, 3, "two equal findings in one file still differ")
        // Moving a finding to another line does not change its fingerprint.
        var moved = result
        moved.findings[0].line += 40
        moved.findings[1].line += 40
        XCTAssertEqual(try fingerprints(SARIFReporter().report(moved)), prints.compactMap { $0 })
    }

    private func fingerprints(_ text: String) throws -> [String] {
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let run = try XCTUnwrap((json["runs"] as? [[String: Any]])?.first)
        return (run["results"] as? [[String: Any]] ?? []).compactMap { ($0["partialFingerprints"] as? [String: String])?["keychainLint/v1"] }
    }

    func testSummaryCountsPerRule() {
        XCTAssertEqual(SummaryReporter().report(result), """
        rule                              errors  warnings
        identity-add                      2       0
        missing-data-protection-keychain  0       1
        total                             2       1
        3 findings in 2 of 3 files

        """)
    }
}
