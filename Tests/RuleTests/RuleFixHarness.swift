import XCTest
import KeychainLint
import KeychainLintRules
import KeychainLintSyntax

/// A rule's fix examples (`RuleFix`): each `before` is fixed as `--fix` fixes (rounds until no fix
/// applies) and must become `after`, in which the rule then finds nothing; an example without
/// `after` must be reported and offered no fix. A rule without a `fix` may offer none.
extension RuleExampleTests {
    func checkFixExamples(of rule: any Rule.Type) {
        let id = rule.description.id
        if let fix = rule.description.fix {
            let declared = Set(fix.examples.filter { $0.after != nil }.map(\.applicability))
            switch fix.applicability {
            case .safe: XCTAssertEqual(declared, [.safe], "\(id): a safe fix's examples are all safe")
            case .unsafe: XCTAssertEqual(declared, [.unsafe], "\(id): an unsafe fix's examples are all unsafe")
            case .varies: XCTAssertEqual(declared, [.safe, .unsafe], "\(id): a fix that varies shows both kinds")
            }
        }
        let linter = Linter(rules: [ActiveRule(rule: rule.init(), severity: rule.description.severityWhenEnabled)])
        func lint(_ text: String, _ platforms: PlatformSet) -> [Finding] {
            linter.lint(path: "Example.swift", bytes: Array(text.utf8), platforms: platforms)
        }
        guard let fix = rule.description.fix else {
            for example in rule.description.triggering where !example.isEntitlementsFile {
                let offered = lint(MarkedExample(example.code).text, example.platforms).filter { $0.fix != nil }
                XCTAssertEqual(offered.count, 0, "\(id) offers a fix but its description has none", file: example.file, line: example.line)
            }
            return
        }
        XCTAssertFalse(fix.examples.isEmpty, "\(id) describes a fix with no example to check it by")
        for example in fix.examples {
            let findings = lint(example.before, example.platforms)
            guard let expected = example.after else {
                XCTAssertFalse(findings.isEmpty, "\(id) unfixed example is not reported", file: example.file, line: example.line)
                XCTAssertEqual(findings.filter { $0.fix != nil }.count, 0, "\(id) unfixed example is offered a fix",
                               file: example.file, line: example.line)
                continue
            }
            let applicabilities = Set(findings.compactMap { $0.fix?.applicability })
            XCTAssertEqual(applicabilities, [example.applicability], "\(id) fix example's applicability",
                           file: example.file, line: example.line)
            XCTAssertTrue(findings.compactMap(\.fix).allSatisfy { ($0.applicability == .unsafe) == !$0.storedItemsEffect.isEmpty },
                          "\(id): an unsafe fix says what it changes, a safe one says nothing", file: example.file, line: example.line)
            var text = Array(example.before.utf8)
            for _ in 0..<10 {
                let fixes = lint(String(decoding: text, as: UTF8.self), example.platforms).compactMap(\.fix)
                let next = Fix.applyAll(fixes, to: text).bytes
                if next == text { break }
                text = next
            }
            XCTAssertEqual(String(decoding: text, as: UTF8.self), expected, "\(id) fix example", file: example.file, line: example.line)
            XCTAssertEqual(lint(expected, example.platforms).map { "\($0.line):\($0.column)" }, [],
                           "\(id) still finds something after its fix", file: example.file, line: example.line)
        }
    }
}
