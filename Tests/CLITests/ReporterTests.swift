import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
import KeychainLint
import KeychainLintReporters
import KeychainLintRules

/// Each format checked against its consumer's rules, on findings whose text needs escaping.
final class ReporterTests: XCTestCase {
    private let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
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
        // The pages of the version that wrote the report: its tag, not the default branch.
        XCTAssertEqual(rules[0]["helpUri"] as? String,
                       "https://github.com/keychain-lint/keychain-lint/blob/v\(ToolInfo.version)/rules/generic-password-web-login.md")
        for rule in rules {
            // SARIF's schema declares helpUri "format": "uri": an absolute URI, so a relative path fails it.
            let uri = try XCTUnwrap(URL(string: try XCTUnwrap(rule["helpUri"] as? String)))
            XCTAssertEqual(uri.scheme, "https")
            XCTAssertTrue(uri.path.hasSuffix("/rules/\(rule["id"] as! String).md"), uri.path)
            XCTAssertTrue(FileManager.default.fileExists(atPath: repositoryRoot + "/rules/" + uri.lastPathComponent), "the page exists")
        }
        XCTAssertEqual(rules.map { ($0["defaultConfiguration"] as? [String: String])?["level"] },
                       RuleRegistry.all.map { $0.description.defaultSeverity?.rawValue ?? "warning" })
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

    func testFingerprintsFollowTheLineTextNotItsNumberOrSpelling() throws {
        var withText = result
        withText.lineTexts = ["./Sources/A b,c:d.swift": [9: "SecItemAdd(a)", 20: "SecItemAdd(b)"], "Z.swift": [1: "x"]]
        let before = try fingerprints(SARIFReporter().report(withText))
        var edited = withText
        edited.findings[0].line = 30
        edited.findings[0].message = "reworded"
        edited.lineTexts["./Sources/A b,c:d.swift"] = [30: "SecItemAdd(a)", 20: "SecItemAdd(b)"]
        XCTAssertEqual(try fingerprints(SARIFReporter().report(edited)), before, "moved and reworded, same line text")
        edited.lineTexts["./Sources/A b,c:d.swift"]![30] = "SecItemAdd(changed)"
        XCTAssertNotEqual(try fingerprints(SARIFReporter().report(edited))[0], before[0], "a changed line is a new result")
        XCTAssertEqual(try fingerprints(SARIFReporter().report(edited))[1...], before[1...])
        // `./Sources/…` and `Sources/…` are the same artifact, so the same fingerprint.
        var respelt = withText
        respelt.findings = respelt.findings.map { var f = $0; f.path = f.path.replacingOccurrences(of: "./", with: ""); return f }
        respelt.lineTexts = Dictionary(uniqueKeysWithValues: withText.lineTexts.map { ($0.key.replacingOccurrences(of: "./", with: ""), $0.value) })
        XCTAssertEqual(try fingerprints(SARIFReporter().report(respelt)), before)
    }

    /// End to end: lines inserted above every finding leave every fingerprint unchanged.
    func testFingerprintsSurviveEditsAboveThroughTheCLI() throws {
        let project = try TempProject("fingerprint")
        let line = Mistake.identityAdd()
        project.write("Sources/A.swift", Mistake.file([line, "    let x = 1", line]))
        let before = try fingerprints(project.run(["--format", "sarif", "Sources"]).out)
        XCTAssertEqual(before.count, 2)
        XCTAssertEqual(Set(before).count, 2, "identical lines get distinct fingerprints")
        project.write("Sources/A.swift", "import Security\n\n" + Mistake.file(["    // a comment", line, "    let x = 1", "", line]))
        XCTAssertEqual(try fingerprints(project.run(["--format", "sarif", "Sources"]).out), before)
    }

    func testJSONRulesCarryTheSeverityTheyRanAt() throws {
        var overridden = result
        overridden.severities = ["missing-data-protection-keychain": .error]
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(JSONReporter().report(overridden).utf8)) as? [String: Any])
        let rules = try XCTUnwrap(json["rules"] as? [[String: String]])
        XCTAssertEqual(rules.map { $0["id"] }, RuleRegistry.all.map { $0.description.id })
        let rule = try XCTUnwrap(rules.first { $0["id"] == "missing-data-protection-keychain" })
        XCTAssertEqual(rule["severity"], "error")
        XCTAssertEqual(rule["defaultSeverity"], "warning")
        XCTAssertEqual(rule["name"], "MissingDataProtectionKeychain")
        XCTAssertEqual(rule["help"], "rules/missing-data-protection-keychain.md")
        XCTAssertEqual(rule["helpUri"], "https://github.com/keychain-lint/keychain-lint/blob/v\(ToolInfo.version)/rules/missing-data-protection-keychain.md")
        XCTAssertEqual(rule["rationale"], RuleRegistry.rule(id: "missing-data-protection-keychain")!.description.rationale)
        XCTAssertEqual(rules.first { $0["id"] == "broad-delete" }?["defaultSeverity"], "off")
        XCTAssertEqual(rules.first { $0["id"] == "broad-delete" }?["severity"], "warning", "an off rule turned on runs at warning")
        for rule in rules { XCTAssertTrue(FileManager.default.fileExists(atPath: repositoryRoot + "/" + rule["help"]!), rule["help"]!) }
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
