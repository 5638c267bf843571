import Foundation
import XCTest
@testable import KeychainLintCLI
@testable import KeychainLintRules

/// Lints `Fixtures/` through the real CLI and compares with the findings each file states inline
/// as `// expect: rule-id@column[, rule-id@column]` on the line the finding must be on
/// (`<!-- expect: … -->` in entitlements files).
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

    private func actual() throws -> Set<Expected> {
        let out = BufferSink(), err = BufferSink()
        let code = CommandLineTool.run(arguments: ["--format", "json", "Fixtures"], rules: Linter.defaultRules,
                                       workingDirectory: root, stdout: out, stderr: err)
        XCTAssertTrue(code == 0 || code == 1, "exit \(code): \(err.text)")
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out.text.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(json["findings"] as? [[String: Any]])
        return Set(findings.map {
            Expected(file: $0["file"] as! String, line: $0["line"] as! Int, column: $0["column"] as! Int, rule: $0["ruleId"] as! String)
        })
    }

    func testFixturesProduceExactlyTheStatedFindings() throws {
        let expected = try expectations()
        let actual = try actual()
        let missing = expected.subtracting(actual).sorted { $0.description < $1.description }
        let unexpected = actual.subtracting(expected).sorted { $0.description < $1.description }
        XCTAssertTrue(missing.isEmpty, "missing findings:\n" + missing.map(\.description).joined(separator: "\n"))
        XCTAssertTrue(unexpected.isEmpty, "unexpected findings:\n" + unexpected.map(\.description).joined(separator: "\n"))
    }

    /// The fixtures must exercise every default rule of the foundation, so this test cannot pass vacuously.
    func testFixturesCoverTheDesignRules() throws {
        let rules = Set(try expectations().map(\.rule))
        for id in ["generic-password-web-login", "identity-add", "access-group-team-id", "sync-this-device-only",
                   "certificate-application-tag", "missing-data-protection-keychain",
                   "entitlement-access-group-prefix", "access-group-not-entitled"] {
            XCTAssertTrue(rules.contains(id), "no fixture expects \(id)")
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
