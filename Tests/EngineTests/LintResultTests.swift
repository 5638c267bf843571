import XCTest
import KeychainLint

/// The result the engine hands to reporters: findings in output order, counted by severity.
final class LintResultTests: XCTestCase {
    func testLintResultSortsAndCounts() {
        let f = { (p: String, l: Int, s: Severity) in Finding(ruleID: "r", severity: s, message: "m", path: p, line: l, column: 1) }
        let result = LintResult(filesLinted: 2, findings: [f("b", 1, .error), f("a", 2, .warning), f("a", 1, .error)])
        XCTAssertEqual(result.findings.map { "\($0.path)\($0.line)" }, ["a1", "a2", "b1"])
        XCTAssertEqual(result.errorCount, 2)
        XCTAssertEqual(result.warningCount, 1)
    }
}
