import Foundation
import XCTest
@testable import KeychainLintCLI
@testable import KeychainLintReporters
@testable import KeychainLint
@testable import KeychainLintProject
@testable import KeychainLintModel
@testable import KeychainLintSyntax
@testable import KeychainLintRules

/// `rules/<id>.md` must be exactly what the rule's metadata generates.
/// `KEYCHAIN_LINT_UPDATE_DOCS=1 swift test --filter RuleDocsTests` rewrites the pages.
final class RuleDocsTests: XCTestCase {
    private let rulesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("rules")

    func testPagesMatchRuleMetadata() throws {
        let update = ProcessInfo.processInfo.environment["KEYCHAIN_LINT_UPDATE_DOCS"] == "1"
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

    func testNoPageForAnUnknownRule() throws {
        let ids = Set(RuleRegistry.all.map { $0.description.id })
        let pages = try FileManager.default.contentsOfDirectory(atPath: rulesDirectory.path).filter { $0.hasSuffix(".md") }
        XCTAssertFalse(pages.isEmpty)
        for page in pages {
            XCTAssertTrue(ids.contains(String(page.dropLast(3))), "rules/\(page) documents no shipped rule")
        }
    }
}
