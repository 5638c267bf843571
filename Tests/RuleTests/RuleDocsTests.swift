import Foundation
import XCTest
import KeychainLintReporters
import KeychainLintRules

/// `rules/<id>.md` and README.md's rule table must be exactly what the rules' metadata generates.
/// `KEYCHAIN_LINT_UPDATE_DOCS=1 swift test --filter RuleDocsTests` rewrites the pages and the table.
final class RuleDocsTests: XCTestCase {
    private let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private var rulesDirectory: URL { repository.appendingPathComponent("rules") }
    private var descriptions: [RuleDescription] { RuleRegistry.all.map { $0.description } }
    private var update: Bool { ProcessInfo.processInfo.environment["KEYCHAIN_LINT_UPDATE_DOCS"] == "1" }

    func testPagesMatchRuleMetadata() throws {
        XCTAssertFalse(RuleRegistry.all.isEmpty, "no rules: the loop below would check nothing")
        for rule in RuleRegistry.all {
            let page = rulesDirectory.appendingPathComponent("\(rule.description.id).md")
            let expected = RuleDocumentation.markdown(for: rule.description)
            if update {
                try FileManager.default.createDirectory(at: rulesDirectory, withIntermediateDirectories: true)
                try expected.write(to: page, atomically: true, encoding: .utf8)
                continue
            }
            let actual = try? String(contentsOf: page, encoding: .utf8)
            XCTAssertEqual(actual, expected, "rules/\(rule.description.id).md is out of date: run KEYCHAIN_LINT_UPDATE_DOCS=1 swift test --filter RuleDocsTests")
        }
    }

    /// Examples that pin the model (`excludeFromDocumentation`) leave the page, the documented ones stay:
    /// each page keeps a triggering and a non-triggering example, and an excluded one is not on it.
    func testExamplesLeftOutOfThePagesAreOnlyThoseMarked() {
        let excluded = descriptions.flatMap { ($0.triggering + $0.nonTriggering).filter(\.excludeFromDocumentation) }
        XCTAssertFalse(excluded.isEmpty, "no example is marked: the check below would check nothing")
        for rule in descriptions {
            let page = RuleDocumentation.markdown(for: rule)
            XCTAssertTrue(rule.triggering.contains { !$0.excludeFromDocumentation }, "\(rule.id): no triggering example on its page")
            XCTAssertTrue(rule.nonTriggering.contains { !$0.excludeFromDocumentation }, "\(rule.id): no non-triggering example on its page")
            for example in rule.triggering + rule.nonTriggering {
                let shown = page.contains("```swift\n" + example.code + "\n```") || page.contains("```xml\n" + example.code + "\n```")
                XCTAssertEqual(shown, !example.excludeFromDocumentation, "\(rule.id), example at line \(example.line)")
            }
        }
    }

    func testNoPageForAnUnknownRule() throws {
        let ids = Set(RuleRegistry.all.map { $0.description.id })
        let pages = try FileManager.default.contentsOfDirectory(atPath: rulesDirectory.path).filter { $0.hasSuffix(".md") }
        XCTAssertFalse(pages.isEmpty)
        for page in pages {
            XCTAssertTrue(ids.contains(String(page.dropLast(3))), "rules/\(page) documents no shipped rule")
        }
    }

    func testReadmeRuleTableMatchesRuleMetadata() throws {
        let readme = repository.appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let expected = RuleTable.markdown(descriptions)
        if update {
            let updated = try RuleTable.splice(expected, into: text)
            if updated != text { try updated.write(to: readme, atomically: true, encoding: .utf8) }
            return
        }
        XCTAssertEqual(try RuleTable.table(in: text), expected,
                       "README.md's rule table is out of date: run KEYCHAIN_LINT_UPDATE_DOCS=1 swift test --filter RuleDocsTests")
    }

    func testRuleTableHasEveryRuleWithItsPageAndDefault() {
        let rows = RuleTable.markdown(descriptions).split(separator: "\n").dropFirst(2)
        XCTAssertEqual(rows.count, RuleRegistry.all.count)
        for (row, rule) in zip(rows, descriptions) {
            XCTAssertTrue(row.hasPrefix("| [`\(rule.id)`](rules/\(rule.id).md) | \(rule.defaultSeverity?.rawValue ?? "off") | "), String(row))
        }
    }

    func testSpliceReplacesOnlyTheLinesBetweenTheMarkers() throws {
        let text = "# Title\n\(RuleTable.beginMarker)\n| stale |\n\(RuleTable.endMarker)\nAfter.\n"
        XCTAssertEqual(try RuleTable.table(in: text), "| stale |\n")
        let spliced = try RuleTable.splice("| new |\n", into: text)
        XCTAssertEqual(spliced, "# Title\n\(RuleTable.beginMarker)\n| new |\n\(RuleTable.endMarker)\nAfter.\n")
        XCTAssertEqual(try RuleTable.table(in: spliced), "| new |\n")
        XCTAssertThrowsError(try RuleTable.table(in: "# Title\n\(RuleTable.beginMarker)\n| stale |\n"))
        XCTAssertThrowsError(try RuleTable.splice("| new |\n", into: "\(RuleTable.endMarker)\n\(RuleTable.beginMarker)\n"))
    }

    func testSummaryCannotBreakOutOfItsCell() {
        let rule = RuleDescription(id: "x", defaultSeverity: .warning, summary: "a | b <c>", rationale: "", howToFix: "",
                                   triggering: [], nonTriggering: [])
        XCTAssertEqual(RuleTable.markdown([rule]).split(separator: "\n").last, "| [`x`](rules/x.md) | warning | a \\| b &lt;c> |  |")
    }
}
