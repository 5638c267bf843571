import XCTest
import KeychainLint
import KeychainLintCLI
import KeychainLintReporters

/// `--help` and the summary format, read as text in a terminal: columns line up, and what a user
/// needs to know is there.
final class HelpTests: XCTestCase {
    /// The lines of one section of the usage, between its heading and the next blank line.
    private func section(_ heading: String) -> [Substring] {
        let lines = Options.usage.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: Substring(heading)) else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
    }

    func testFormatDescriptionsStartInOneColumn() {
        let lines = section("FORMATS:")
        XCTAssertEqual(lines.count, ReporterRegistry.all.count)
        let columns = Set(zip(lines, ReporterRegistry.all).map { line, type in
            line.distance(from: line.startIndex, to: line.range(of: type.summary)!.lowerBound)
        })
        XCTAssertEqual(columns.count, 1, lines.joined(separator: "\n"))
    }

    func testRuleOptionsSayTheyTakeCommaLists() {
        for option in ["--enable", "--disable", "--only"] {
            let line = section("OPTIONS:").first { $0.hasPrefix("  \(option) ") }
            XCTAssertTrue(line?.contains("<rule>[,<rule>…]") ?? false, "\(option): \(line ?? "missing")")
        }
    }

    func testEnvironmentVariablesAreListed() {
        let lines = section("ENVIRONMENT:").joined(separator: "\n")
        XCTAssertTrue(lines.contains("KEYCHAIN_LINT_JOBS=1"), lines)
        XCTAssertTrue(lines.contains("KEYCHAIN_LINT_EXHAUSTIVE=1"), lines)
    }

    func testExitStatusSaysAReportThatCannotBeWrittenIs2() {
        let lines = section("EXIT STATUS:").joined(separator: " ").split(separator: " ").joined(separator: " ")
        XCTAssertTrue(lines.contains("a report or baseline that cannot be written"), lines)
    }

    func testSummaryWithoutFindingsLinesUpWithItsHeader() {
        let text = SummaryReporter().report(LintResult(filesLinted: 1, findings: []))
        XCTAssertEqual(text, """
        rule   errors  warnings
        total  0       0
        0 findings in 0 of 1 file

        """)
    }
}
