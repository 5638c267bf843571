import Foundation
import XCTest
import KeychainLint
import KeychainLintCLI
import KeychainLintReporters

/// The output formats, the summary line and the exit status.
final class CLIOutputTests: CLITestCase {
    // MARK: output format

    func testXcodeFormatLinesAreExact() {
        write("A.swift", "let a = 1\n    kSecBad + kSecWarn\n")
        let r = run(["A.swift"])
        XCTAssertEqual(r.out, """
        A.swift:2:5: error: bad thing [test-bad]
        A.swift:2:15: warning: warn thing [test-warn]

        """)
        XCTAssertEqual(r.code, 1)
        XCTAssertEqual(r.stableErr, "Linted 1 file: 1 error, 1 warning in T s\n")
    }

    func testXcodeReporterKeepsOneFindingPerLine() {
        let f = Finding(ruleID: "r", severity: .warning, message: "a\nb\r\nc\rd", path: "p.swift", line: 1, column: 2)
        XCTAssertEqual(XcodeReporter().report(LintResult(filesLinted: 1, findings: [f])),
                       "p.swift:1:2: warning: a b c d [r]\n")
        XCTAssertEqual(XcodeReporter().report(LintResult(filesLinted: 3, findings: [])), "")
        let two = [Finding(ruleID: "r", severity: .error, message: "é \u{1F600}", path: "d\nir/ü.swift", line: 10, column: 123),
                   Finding(ruleID: "s", severity: .warning, message: "plain", path: "z.swift", line: 1234567, column: 1)]
        XCTAssertEqual(XcodeReporter().report(LintResult(filesLinted: 2, findings: two)),
                       "d ir/ü.swift:10:123: error: é \u{1F600} [r]\nz.swift:1234567:1: warning: plain [s]\n")
    }

    func testFindingsAreSortedAcrossFiles() {
        write("b.swift", "kSecWarn\nkSecBad kSecBad\n")
        write("a.swift", "\n\nkSecBad\n")
        write("a/z.swift", "kSecWarn\n")
        write("c.swift", "kSecBad\n")
        let r = run(["c.swift", "."])
        XCTAssertEqual(r.out, """
        ./a.swift:3:1: error: bad thing [test-bad]
        ./a/z.swift:1:1: warning: warn thing [test-warn]
        ./b.swift:1:1: warning: warn thing [test-warn]
        ./b.swift:2:1: error: bad thing [test-bad]
        ./b.swift:2:9: error: bad thing [test-bad]
        c.swift:1:1: error: bad thing [test-bad]

        """, "c.swift, named and found again by the walk, is linted once, under the name given")
    }

    // MARK: JSON

    func testJSONOutputIsExact() throws {
        write("B.swift", "kSecWarn\n")
        write("A.swift", "x kSecBad\n")
        write("Empty.swift", "let x = 1\n")
        let r = run(["--format", "json", "."], rules: Array(CLITestCase.testRules.prefix(2)))
        XCTAssertEqual(r.code, 1)
        let pages = "https://github.com/keychain-lint/keychain-lint/blob/v\(ToolInfo.version)/rules/"
        let expected = #"{"version":1,"files":3,"findings":["#
            + #"{"ruleId":"test-bad","severity":"error","message":"bad thing","file":"./A.swift","line":1,"column":3,"#
            + #""endLine":1,"endColumn":10,"helpUri":"\#(pages)test-bad.md"},"#
            + #"{"ruleId":"test-warn","severity":"warning","message":"warn thing","file":"./B.swift","line":1,"column":1,"#
            + #""endLine":1,"endColumn":9,"helpUri":"\#(pages)test-warn.md"}"#
            + #"],"rules":["#
            + #"{"id":"test-bad","name":"TestBad","severity":"error","defaultSeverity":"error","summary":"test","#
            + #""rationale":"test","howToFix":"test","help":"rules/test-bad.md","helpUri":"\#(pages)test-bad.md"},"#
            + #"{"id":"test-warn","name":"TestWarn","severity":"warning","defaultSeverity":"error","summary":"test","#
            + #""rationale":"test","howToFix":"test","help":"rules/test-warn.md","helpUri":"\#(pages)test-warn.md"}"#
            + "]}\n"
        XCTAssertEqual(r.out, expected, "rules report the severity they ran at, which may differ from the default")

        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        XCTAssertEqual(object["version"] as? Int, 1)
        XCTAssertEqual(object["files"] as? Int, 3)
        let findings = try XCTUnwrap(object["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.count, 2)
        XCTAssertEqual(findings[0]["file"] as? String, "./A.swift")
        XCTAssertEqual(findings[0]["column"] as? Int, 3)

        // Key order, textually.
        func order(_ keys: [String], in text: Substring) -> Bool {
            let positions = keys.map { text.range(of: "\"\($0)\":")?.lowerBound }
            guard positions.allSatisfy({ $0 != nil }) else { return false }
            return zip(positions, positions.dropFirst()).allSatisfy { $0! < $1! }
        }
        XCTAssertTrue(order(["version", "files", "findings", "rules"], in: r.out[...]))
        let findingsPart = r.out[..<r.out.range(of: "\"rules\":")!.lowerBound]
        for chunk in findingsPart.components(separatedBy: "},{") {
            XCTAssertTrue(order(["ruleId", "severity", "message", "file", "line", "column"], in: chunk[...]), chunk)
        }
    }

    func testJSONWithNoFindings() {
        write("A.swift", "")
        XCTAssertEqual(run(["--format=json", "."], rules: []).out, "{\"version\":1,\"files\":1,\"findings\":[],\"rules\":[]}\n")
        XCTAssertEqual(run(["--format=json", "--", "nothing-here"], rules: []).out, "{\"version\":1,\"files\":0,\"findings\":[],\"rules\":[]}\n")
    }

    func testJSONEscapesMessagesAndPaths() throws {
        let name = "we\"ird\\ näme\t.swift"
        write(name, "kSecMsg\n")
        let r = run(["--format", "json", name])
        XCTAssertTrue(r.out.contains(#""message":"say \"hi\" \\ back\nnew line\ttab \u0001\u001f café 🔑 \u2028end""#), r.out)
        XCTAssertTrue(r.out.contains(#""file":"we\"ird\\ näme\t.swift""#), r.out)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let finding = try XCTUnwrap((object["findings"] as? [[String: Any]])?.first)
        XCTAssertEqual(finding["message"] as? String, CLITestCase.awkwardMessage)
        XCTAssertEqual(finding["file"] as? String, name)
    }

    func testJSONWriterEscapesEveryControlCharacter() throws {
        var all = ""
        for v in 0..<0x80 { all.unicodeScalars.append(Unicode.Scalar(UInt8(v))) }
        all += "\u{7F}\u{80}\u{2028}\u{2029}\u{FFFF}\u{10FFFF}😀e\u{301}"
        let quoted = JSONWriter.quoted(all)
        XCTAssertFalse(quoted.unicodeScalars.contains { $0.value < 0x20 }, "no raw control character")
        XCTAssertTrue(quoted.hasPrefix(#""\u0000\u0001"#))
        XCTAssertTrue(quoted.contains(#"\b\t\n\u000b\f\r\u000e"#))
        let decoded = try XCTUnwrap(JSONSerialization.jsonObject(with: Data("[\(quoted)]".utf8)) as? [String])
        XCTAssertEqual(decoded, [all])
        XCTAssertEqual(JSONWriter.quoted("plain"), "\"plain\"")
        XCTAssertEqual(JSONWriter.quoted(""), "\"\"")
        XCTAssertEqual(JSONWriter.quoted("€"), "\"€\"", "a 0xE2 lead byte that is not U+2028/9 is copied")
    }

    // MARK: exit status and summary

    func testExitStatusFollowsErrorFindings() {
        write("W.swift", "kSecWarn kSecWarn\n")
        write("E.swift", "kSecBad\n")
        write("N.swift", "let x = 1\n")
        XCTAssertEqual(run(["W.swift"]).code, 0, "warnings alone pass")
        XCTAssertEqual(run(["N.swift"]).code, 0)
        XCTAssertEqual(run(["W.swift", "E.swift"]).code, 1)
        XCTAssertEqual(run(["--format", "json", "E.swift"]).code, 1)
        XCTAssertEqual(run(["E.swift"], rules: [ActiveRule(rule: BadRule(), severity: .warning)]).code, 0,
                       "the active severity decides")
        XCTAssertEqual(run(["E.swift"], rules: []).code, 0)
    }

    func testSummaryLine() {
        write("W.swift", "kSecWarn kSecWarn\n")
        write("E.swift", "kSecBad kSecBad kSecBad\n")
        let r = run(["."])
        XCTAssertEqual(r.stableErr, "Linted 2 files: 3 errors, 2 warnings in T s\n")
        XCTAssertNotNil(r.err.range(of: #"^Linted 2 files: 3 errors, 2 warnings in \d+\.\d\d s\n$"#, options: .regularExpression), r.err)
        XCTAssertEqual(CommandLineTool.summary(files: 1, errors: 1, warnings: 1, seconds: 1.234),
                       "Linted 1 file: 1 error, 1 warning in 1.23 s\n")
        XCTAssertEqual(CommandLineTool.summary(files: 0, errors: 0, warnings: 0, seconds: 0),
                       "Linted 0 files: 0 errors, 0 warnings in 0.00 s\n")
        XCTAssertEqual(CommandLineTool.summary(files: 12, errors: 2, warnings: 10, seconds: 61.005).prefix(38),
                       "Linted 12 files: 2 errors, 10 warnings")
    }

    // MARK: reporters

    func testReporterRegistry() {
        XCTAssertEqual(ReporterRegistry.names, ["xcode", "json", "sarif", "github", "checkstyle", "junit", "codeclimate", "summary"])
        XCTAssertEqual(ReporterRegistry.defaultName, "xcode")
        XCTAssertTrue(ReporterRegistry.reporter(named: "json") is JSONReporter)
        XCTAssertTrue(ReporterRegistry.reporter(named: "sarif") is SARIFReporter)
        XCTAssertNil(ReporterRegistry.reporter(named: "xml"))
    }
}
