import XCTest
@testable import KeychainLint
import KeychainLintCLI
import KeychainLintFuzzChecks
import KeychainLintRules

/// A rule's severity when nothing configures it is decided in one place
/// (`RuleDescription.severityWhenEnabled`); the default rule set, the command line's rule
/// selection, the engine's configuration, result and rule list, and the fuzz harness all ask it.
final class RuleSeverityTests: XCTestCase {
    private func id(_ rule: ActiveRule) -> String { type(of: rule.rule).description.id }

    func testEveryPathToARuleGivesTheOneDecision() throws {
        let defaults = Linter.defaultRules
        XCTAssertEqual(defaults.map(id), RuleRegistry.all.filter { $0.description.defaultSeverity != nil }.map { $0.description.id })
        XCTAssertTrue(RuleRegistry.all.contains { $0.description.defaultSeverity == nil }, "an off-by-default rule to test with")
        let result = LintResult(filesLinted: 0, findings: [])
        XCTAssertFalse(RuleRegistry.all.isEmpty, "no rules: the loop below would check nothing")
        for type in RuleRegistry.all {
            let d = type.description
            XCTAssertEqual(d.severityWhenEnabled, d.defaultSeverity ?? .warning, d.id)
            XCTAssertEqual(result.severity(of: d), d.severityWhenEnabled, d.id)
            var only = RuleSelection()
            only.only = [d.id]
            XCTAssertEqual(try only.apply(to: defaults, available: RuleRegistry.all).map(\.severity), [d.severityWhenEnabled], d.id)
            if let active = defaults.first(where: { id($0) == d.id }) { XCTAssertEqual(active.severity, d.severityWhenEnabled, d.id) }
            XCTAssertEqual(d.defaultSettingName, d.defaultSeverity?.rawValue ?? "off", d.id)
            XCTAssertEqual(LintEngine.availableRules.first { $0.id == d.id }?.severity, d.severityWhenEnabled, d.id)
            let configured = try LintConfiguration(rules: [d.id]).activeRules()
            XCTAssertEqual(configured.map(\.severity), [d.severityWhenEnabled], d.id)
        }
        XCTAssertEqual(try LintConfiguration().activeRules().map(id), defaults.map(id))
        XCTAssertEqual(try LintConfiguration().activeRules().map(\.severity), defaults.map(\.severity))
        XCTAssertTrue(PipelineInvariants.linter.rules.allSatisfy { $0.severity == type(of: $0.rule).description.severityWhenEnabled })
    }
}
