import Foundation
import XCTest
import KeychainLint
import KeychainLintCLI
import KeychainLintRules

/// Lints `Fixtures/` through the real CLI and compares with the findings each file states inline
/// as `// expect: rule-id@column[, rule-id@column]` on the line the finding must be on
/// (`<!-- expect: … -->` in entitlements files). A file whose first line is
/// `// keychain-lint-fixture: ARGS` is linted on its own with those extra arguments (rules that are
/// off by default); every other file is checked in one run over `Fixtures/` with the defaults.
///
/// Findings are compared as lists, each counted (multisets): a finding reported twice where one is
/// stated fails, and so does a stated one reported once where a line states it twice.
final class FixtureTests: XCTestCase {
    private struct Expected: Hashable, CustomStringConvertible {
        var file: String
        var line: Int
        var column: Int
        var rule: String
        var description: String { "\(file):\(line):\(column) [\(rule)]" }
    }

    private let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    private func fixtureFiles() throws -> [String] {
        let base = root + "/Fixtures"
        let walker = try XCTUnwrap(FileManager.default.enumerator(atPath: base))
        let files = walker.compactMap { $0 as? String }
            .filter { ($0.hasSuffix(".swift") && !$0.hasSuffix("Package.swift")) || $0.hasSuffix(".entitlements") }
            .map { "Fixtures/" + $0 }.sorted()
        // Every check below loops over these: none found must fail, not pass with nothing compared.
        XCTAssertGreaterThan(files.count, 50, "the fixtures under \(base) were not found")
        return files
    }

    private func expectations() throws -> [Expected] {
        var result: [Expected] = []
        for file in try fixtureFiles() {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            for (index, line) in text.components(separatedBy: "\n").enumerated() {
                guard let marker = line.range(of: "// expect: ") ?? line.range(of: "<!-- expect: ") else { continue }
                let stated = line[marker.upperBound...].replacingOccurrences(of: "-->", with: "")
                for item in stated.split(separator: ",") {
                    let parts = item.trimmingCharacters(in: .whitespaces).split(separator: "@")
                    guard parts.count == 2, let column = Int(parts[1]) else {
                        XCTFail("\(file):\(index + 1): malformed expectation '\(item)'")
                        continue
                    }
                    result.append(Expected(file: file, line: index + 1, column: column, rule: String(parts[0])))
                }
            }
        }
        return result
    }

    /// Extra arguments a fixture asks for on its first line, or nil.
    private func fixtureArguments(_ file: String) throws -> [String]? {
        let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
        let first = text.prefix { $0 != "\n" }
        guard let r = first.range(of: "// keychain-lint-fixture: ") else { return nil }
        return first[r.upperBound...].split(separator: " ").map(String.init)
    }

    /// What the CLI reports: one default run over `Fixtures/` (files with their own arguments left
    /// out), plus one run per such file.
    private func actual() throws -> [Expected] {
        var result: [Expected] = []
        var special: [String: [String]] = [:]
        for file in try fixtureFiles() { if let args = try fixtureArguments(file) { special[file] = args } }
        result += try lint(["Fixtures"]).filter { special[$0.file] == nil }
        for (file, args) in special { result += try lint(args + [file]) }
        return result
    }

    /// What `a` holds more often than `b`, each as many times as it is over, sorted.
    static func excess(_ a: [some CustomStringConvertible & Hashable], over b: [some CustomStringConvertible & Hashable]) -> [String] {
        var counts: [String: Int] = [:]
        for x in a { counts[x.description, default: 0] += 1 }
        for x in b { counts[x.description, default: 0] -= 1 }
        return counts.filter { $0.value > 0 }.flatMap { Array(repeating: $0.key, count: $0.value) }.sorted()
    }

    private func lint(_ arguments: [String]) throws -> [Expected] {
        let out = BufferSink(), err = BufferSink()
        let code = CommandLineTool.run(arguments: ["--format", "json"] + arguments, rules: Linter.defaultRules,
                                       workingDirectory: root, stdout: out, stderr: err)
        XCTAssertTrue(code == 0 || code == 1, "exit \(code): \(err.text)")
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out.text.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(json["findings"] as? [[String: Any]])
        return findings.map {
            Expected(file: $0["file"] as! String, line: $0["line"] as! Int, column: $0["column"] as! Int, rule: $0["ruleId"] as! String)
        }
    }

    /// Every shortcut off (`KEYCHAIN_LINT_EXHAUSTIVE=1`: no prefilter, every body walked, every
    /// file read again in the second pass) must report exactly what the default run reports.
    func testTheExhaustivePathReportsTheSame() {
        func run(_ environment: [String: String]) -> String {
            let out = BufferSink(), err = BufferSink()
            _ = CommandLineTool.run(arguments: ["Fixtures"], environment: environment, rules: Linter.defaultRules,
                                    workingDirectory: root, stdout: out, stderr: err)
            return out.text
        }
        let fast = run([:])
        XCTAssertFalse(fast.isEmpty)
        XCTAssertEqual(run(["KEYCHAIN_LINT_EXHAUSTIVE": "1"]), fast)
    }

    func testFixturesProduceExactlyTheStatedFindings() throws {
        let expected = try expectations()
        let actual = try actual()
        XCTAssertFalse(expected.isEmpty)
        let missing = Self.excess(expected, over: actual)
        let unexpected = Self.excess(actual, over: expected)
        XCTAssertTrue(missing.isEmpty, "missing findings:\n" + missing.joined(separator: "\n"))
        XCTAssertTrue(unexpected.isEmpty, "unexpected findings (or reported more often than stated):\n" + unexpected.joined(separator: "\n"))
    }

    /// The comparison counts: one finding reported twice is one too many, and one finding where two
    /// are stated is one missing (a set comparison passes both).
    func testTheComparisonCountsRepeatedFindings() {
        let once = Expected(file: "F.swift", line: 3, column: 5, rule: "identity-add")
        XCTAssertEqual(Self.excess([once, once], over: [once]), [once.description])
        XCTAssertEqual(Self.excess([once], over: [once, once]), [])
        XCTAssertEqual(Self.excess([once, once], over: [once, once]), [])
    }

    /// A fixture states what the engine should report, not what it does: there is no marker for a
    /// finding the engine misses (the `// gap:` comments CrossCall once had were read by nobody, so
    /// a missed finding passed). A shape the engine misses is an `expect:` that fails until it is
    /// found, or stays out of the fixtures with the reason in the issue that tracks it.
    func testNoFixtureMarksAFindingAsMissedInsteadOfExpectingIt() throws {
        var marked: [String] = []
        for file in try fixtureFiles() {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            for (index, line) in text.components(separatedBy: "\n").enumerated() where Self.marksAGap(line) {
                marked.append("\(file):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        XCTAssertEqual(marked, [], "state the finding with expect:, or leave the shape out of the fixtures")
        XCTAssertTrue(Self.marksAGap("    SecItemDelete(q)  // gap: missing-data-protection-keychain@5 — not found yet"), "the check can fail")
        XCTAssertFalse(Self.marksAGap("    SecItemDelete(q)  // expect: missing-data-protection-keychain@5"))
    }

    private static func marksAGap(_ line: String) -> Bool {
        line.range(of: #"(//|<!--)\s*(gap|missed|known[- ]gap|todo: expect)\s*:"#, options: [.regularExpression, .caseInsensitive]) != nil
    }

    /// Every shipped rule fires in some realistic fixture, so this test cannot pass vacuously.
    func testFixturesCoverEveryRule() throws {
        let rules = Set(try expectations().map(\.rule))
        XCTAssertFalse(RuleRegistry.all.isEmpty, "no rules: the loop below would check nothing")
        for rule in RuleRegistry.all {
            XCTAssertTrue(rules.contains(rule.description.id), "no fixture expects \(rule.description.id)")
        }
    }

    func testDecoysAndCorrectCodeStaySilent() throws {
        let actual = try actual()
        for quiet in ["Fixtures/Decoys/Documentation.swift", "Fixtures/Seeds/ItemClassExamples.swift", "Fixtures/iOSApp/Sources/TokenStore.swift"] {
            XCTAssertTrue(try fixtureFiles().contains(quiet), "\(quiet) is missing")
            XCTAssertEqual(actual.filter { $0.file == quiet }, [], "\(quiet) must produce nothing")
        }
    }
}
