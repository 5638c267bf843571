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
        return walker.compactMap { $0 as? String }
            .filter { ($0.hasSuffix(".swift") && !$0.hasSuffix("Package.swift")) || $0.hasSuffix(".entitlements") }
            .map { "Fixtures/" + $0 }.sorted()
    }

    private func expectations() throws -> Set<Expected> {
        var result = Set<Expected>()
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
                    result.insert(Expected(file: file, line: index + 1, column: column, rule: String(parts[0])))
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
    private func actual() throws -> Set<Expected> {
        var result = Set<Expected>()
        var special: [String: [String]] = [:]
        for file in try fixtureFiles() { if let args = try fixtureArguments(file) { special[file] = args } }
        result.formUnion(try lint(["Fixtures"]).filter { special[$0.file] == nil })
        for (file, args) in special { result.formUnion(try lint(args + [file])) }
        return result
    }

    private func lint(_ arguments: [String]) throws -> Set<Expected> {
        let out = BufferSink(), err = BufferSink()
        let code = CommandLineTool.run(arguments: ["--format", "json"] + arguments, rules: Linter.defaultRules,
                                       workingDirectory: root, stdout: out, stderr: err)
        XCTAssertTrue(code == 0 || code == 1, "exit \(code): \(err.text)")
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out.text.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(json["findings"] as? [[String: Any]])
        return Set(findings.map {
            Expected(file: $0["file"] as! String, line: $0["line"] as! Int, column: $0["column"] as! Int, rule: $0["ruleId"] as! String)
        })
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
        let missing = expected.subtracting(actual).sorted { $0.description < $1.description }
        let unexpected = actual.subtracting(expected).sorted { $0.description < $1.description }
        XCTAssertTrue(missing.isEmpty, "missing findings:\n" + missing.map(\.description).joined(separator: "\n"))
        XCTAssertTrue(unexpected.isEmpty, "unexpected findings:\n" + unexpected.map(\.description).joined(separator: "\n"))
    }

    /// Every shipped rule fires in some realistic fixture, so this test cannot pass vacuously.
    func testFixturesCoverEveryRule() throws {
        let rules = Set(try expectations().map(\.rule))
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
