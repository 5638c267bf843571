import Foundation
import XCTest
import KeychainLint
import KeychainLintCLI

/// The shipped GitHub problem matcher must read every line of the xcode format, fields intact.
final class ProblemMatcherTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    func testMatcherReadsRealOutputLines() throws {
        let matcher = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: root + "/.github/keychain-lint-matcher.json"))) as? [String: Any]
        let pattern = try XCTUnwrap(((matcher?["problemMatcher"] as? [[String: Any]])?.first?["pattern"] as? [[String: Any]])?.first)
        let regex = try NSRegularExpression(pattern: try XCTUnwrap(pattern["regexp"] as? String))

        let out = BufferSink(), err = BufferSink()
        _ = CommandLineTool.run(arguments: ["Fixtures"], rules: Linter.defaultRules, workingDirectory: root, stdout: out, stderr: err)
        let lines = out.text.split(separator: "\n").map(String.init)
        XCTAssertGreaterThan(lines.count, 10)
        for line in lines {
            let range = NSRange(line.startIndex..., in: line)
            let match = try XCTUnwrap(regex.firstMatch(in: line, range: range), "no match: \(line)")
            func group(_ key: String) -> String {
                let index = pattern[key] as! Int
                return String(line[Range(match.range(at: index), in: line)!])
            }
            let fields = line.split(separator: ":", maxSplits: 4)
            XCTAssertEqual(group("file"), String(fields[0]))
            XCTAssertEqual(group("line"), String(fields[1]))
            XCTAssertEqual(group("column"), String(fields[2]))
            XCTAssertTrue(["error", "warning"].contains(group("severity")))
            XCTAssertTrue(line.hasSuffix("[\(group("code"))]"))
            XCTAssertFalse(group("message").hasSuffix("]"), "the rule id is not part of the message")
        }
    }
}
