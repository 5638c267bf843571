import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
import KeychainLint
import KeychainLintProject
import KeychainLintReporters
import KeychainLintRules

/// The reports CI systems read: JUnit (read back with an XML DOM, as test-report readers do),
/// GitLab Code Quality, and SARIF's code-scanning fields, end to end through the CLI.
final class CIReportTests: XCTestCase {
    private let hostile = "50% of \"items\" <failed> & line\nbreak\u{1}"

    /// A repository with one bad file, one clean file and an entitlements file without findings.
    private func repository() throws -> TempProject {
        let project = try TempProject("ci-report")
        try FileManager.default.createDirectory(atPath: project.root + "/.git", withIntermediateDirectories: true)
        project.write("App/Sources/Bad.swift", "import Security\n" + Mistake.file([Mistake.identityAdd(), "    let x = 1", Mistake.identityAdd()]))
        project.write("App/Sources/Clean.swift", "func clean() {}\n")
        return project
    }

    func testJUnitHasATestCasePerFileAndAFailurePerFinding() throws {
        let project = try repository()
        let run = project.run(["--format", "junit", "App"])
        XCTAssertEqual(run.code, 1)
        let document = try XMLDocument(data: Data(run.out.utf8))
        let suite = try XCTUnwrap(document.rootElement()?.elements(forName: "testsuite").first)
        XCTAssertEqual(suite.attribute(forName: "tests")?.stringValue, "2")
        XCTAssertEqual(suite.attribute(forName: "failures")?.stringValue, "1")
        let cases = suite.elements(forName: "testcase")
        XCTAssertEqual(cases.compactMap { $0.attribute(forName: "name")?.stringValue }, ["App/Sources/Bad.swift", "App/Sources/Clean.swift"])
        let failures = cases[0].elements(forName: "failure")
        XCTAssertEqual(failures.count, 2)
        XCTAssertEqual(failures[0].attribute(forName: "type")?.stringValue, "error")
        XCTAssertTrue(failures[0].attribute(forName: "message")?.stringValue?.hasPrefix("identity-add: ") == true)
        XCTAssertTrue(failures[1].stringValue?.hasPrefix("App/Sources/Bad.swift:5:20: error: ") == true, failures[1].stringValue ?? "")
        XCTAssertTrue(cases[1].elements(forName: "failure").isEmpty, "a clean file is a passed test case")
    }

    func testJUnitEscapesAnyText() throws {
        let finding = Finding(ruleID: "identity-add", severity: .warning, message: hostile, path: "A <&>.swift", line: 1, column: 1)
        let xml = JUnitReporter().report(LintResult(filesLinted: 1, findings: [finding]))
        let document = try XMLDocument(data: Data(xml.utf8))
        let testcase = try XCTUnwrap(document.rootElement()?.elements(forName: "testsuite").first?.elements(forName: "testcase").first)
        XCTAssertEqual(testcase.attribute(forName: "name")?.stringValue, "A <&>.swift", "a file with findings is listed without the list of linted files")
        XCTAssertEqual(testcase.elements(forName: "failure").first?.attribute(forName: "message")?.stringValue,
                       "identity-add: 50% of \"items\" <failed> & line\nbreak\u{FFFD}")
    }

    func testCodeClimateIssuesHaveGitLabsFields() throws {
        let project = try repository()
        let issues = try codeClimate(project.run(["--format", "codeclimate", "App"]).out)
        XCTAssertEqual(issues.count, 2)
        let issue = issues[0]
        XCTAssertEqual(issue["type"] as? String, "issue")
        XCTAssertEqual(issue["check_name"] as? String, "identity-add")
        XCTAssertTrue((issue["description"] as? String)?.hasPrefix("Identities cannot be added") == true)
        XCTAssertEqual(issue["severity"] as? String, "critical")
        let location = try XCTUnwrap(issue["location"] as? [String: Any])
        XCTAssertEqual(location["path"] as? String, "App/Sources/Bad.swift")
        XCTAssertEqual((location["lines"] as? [String: Int])?["begin"], 3)
        XCTAssertEqual(Set(issues.compactMap { $0["fingerprint"] as? String }).count, 2, "identical lines get distinct fingerprints")
        XCTAssertEqual(try codeClimate(CodeClimateReporter().report(LintResult(filesLinted: 0, findings: []))).count, 0)
    }

    func testCodeClimateFingerprintsSurviveInsertedLines() throws {
        let project = try repository()
        let before = try codeClimate(project.run(["--format", "codeclimate", "App"]).out).compactMap { $0["fingerprint"] as? String }
        project.write("App/Sources/Bad.swift", "import Security\n// new\n\n" + Mistake.file(["    // more", Mistake.identityAdd(), "    let x = 1", Mistake.identityAdd()]))
        let after = try codeClimate(project.run(["--format", "codeclimate", "App"]).out)
        XCTAssertEqual(after.compactMap { ($0["location"] as? [String: Any])?["lines"] as? [String: Int] }.map { $0["begin"] }, [6, 8])
        XCTAssertEqual(after.compactMap { $0["fingerprint"] as? String }, before)
    }

    func testSARIFRulesAreSecurityRulesWithAScore() throws {
        let sarif = try sarifRun(SARIFReporter().report(LintResult(filesLinted: 1, findings: [], rules: RuleRegistry.all.map { $0.description },
                                                                    severities: ["broad-delete": .error])))
        let rules = try XCTUnwrap((sarif["tool"] as? [String: Any]).flatMap { $0["driver"] as? [String: Any] }?["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.count, RuleRegistry.all.count, "every rule is in the report, so the loop below checks each")
        for rule in rules {
            let properties = try XCTUnwrap(rule["properties"] as? [String: Any], "\(rule["id"]!)")
            let tags = try XCTUnwrap(properties["tags"] as? [String])
            if ["superfluous-suppression", "invalid-suppression"].contains(rule["id"] as? String) {
                XCTAssertEqual(tags, ["maintainability"])
                XCTAssertNil(properties["security-severity"])
                continue
            }
            XCTAssertTrue(tags.contains("security"))
            let score = try XCTUnwrap(Double(try XCTUnwrap(properties["security-severity"] as? String)))
            XCTAssertTrue((0...10).contains(score))
        }
        func score(_ id: String) -> String? {
            (rules.first { $0["id"] as? String == id }?["properties"] as? [String: Any])?["security-severity"] as? String
        }
        XCTAssertEqual(score("identity-add"), "7.5")
        XCTAssertEqual(score("missing-data-protection-keychain"), "5.0")
        XCTAssertEqual(score("broad-delete"), "7.5", "scored at the severity the rule ran at")
    }

    /// From a subfolder, `../` paths, absolute paths inside the repository and paths outside it.
    func testSARIFLocationsAreRelativeToTheRepository() throws {
        let project = try repository()
        project.write("App/Tests/Other.swift", "import Security\n" + Mistake.file([Mistake.identityAdd()]))
        let outside = try TempProject("ci-outside")
        outside.write("Far.swift", "import Security\n" + Mistake.file([Mistake.identityAdd()]))
        let run = project.run(["--format", "sarif", "../Tests", project.root + "/App/Sources/Bad.swift", outside.root + "/Far.swift"], in: "App/Sources")
        let sarif = try sarifRun(run.out)
        XCTAssertEqual((sarif["originalUriBaseIds"] as? [String: [String: String]])?["SRCROOT"]?["uri"], "file://" + project.root + "/")
        let locations = try XCTUnwrap(sarif["results"] as? [[String: Any]]).compactMap {
            (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: String]
        }
        XCTAssertEqual(locations.count, 4)
        let bases = Dictionary(locations.map { ($0["uri"] ?? "", $0["uriBaseId"] ?? "none") }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(bases, ["App/Tests/Other.swift": "SRCROOT", "App/Sources/Bad.swift": "SRCROOT",
                               "file://" + outside.root + "/Far.swift": "none"])
    }

    func testSourceRootIsTheNearestRepositoryElseTheWorkingDirectory() throws {
        let project = try repository()
        XCTAssertEqual(SourceRoot.find(from: project.root + "/App/Sources").folder, project.root)
        let bare = try TempProject("ci-bare")
        XCTAssertEqual(SourceRoot.find(from: bare.root).folder, bare.root)
        let root = SourceRoot(folder: "/r", workingDirectory: "/r/a")
        XCTAssertEqual(root.relativePath(of: "../b/./c.swift"), "b/c.swift")
        XCTAssertEqual(root.relativePath(of: "/r/x.swift"), "x.swift")
        XCTAssertNil(root.relativePath(of: "../../elsewhere.swift"))
        XCTAssertEqual(SourceRoot(folder: "/a b/ü", workingDirectory: "/").fileURI, "file:///a%20b/%C3%BC/")
    }

    private func codeClimate(_ text: String) throws -> [[String: Any]] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], text)
    }

    private func sarifRun(_ text: String) throws -> [String: Any] {
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
        return try XCTUnwrap((json["runs"] as? [[String: Any]])?.first)
    }
}
