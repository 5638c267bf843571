import XCTest
@testable import KeychainLintCLI
@testable import KeychainLintReporters
@testable import KeychainLint
@testable import KeychainLintProject
@testable import KeychainLintModel
@testable import KeychainLintRules
@testable import KeychainLintSyntax

/// Runs every rule's own examples: the one harness all rules share, so adding a rule adds its tests.
final class RuleExampleTests: XCTestCase {
    /// An example with its `↓` markers removed and their byte offsets kept.
    private struct Marked {
        var text: String
        var offsets: [Int]

        init(_ code: String) {
            var bytes: [UInt8] = []
            var offsets: [Int] = []
            let marker = Array(String(RuleExample.marker).utf8)
            let source = Array(code.utf8)
            var i = 0
            while i < source.count {
                if source[i...].starts(with: marker) {
                    offsets.append(bytes.count)
                    i += marker.count
                } else {
                    bytes.append(source[i])
                    i += 1
                }
            }
            text = String(decoding: bytes, as: UTF8.self)
            self.offsets = offsets
        }

        func locations() -> [SourceLocation] {
            let map = LineMap(Array(text.utf8))
            return offsets.map(map.location(of:))
        }
    }

    private func findings(_ rule: any Rule.Type, _ text: String, _ example: RuleExample) -> [SourceLocation] {
        let linter = Linter(rules: [ActiveRule(rule: rule.init(), severity: rule.description.severityWhenEnabled)])
        let results: [Finding]
        if example.isEntitlementsFile {
            guard case .success(let file) = EntitlementsFile.parse(path: "App.entitlements", bytes: Array(text.utf8)) else {
                XCTFail("\(rule.description.id): an entitlements example is not a valid plist")
                return []
            }
            results = linter.lint(entitlements: file)
        } else {
            let context = example.entitlements.flatMap {
                try? EntitlementsFile.parse(path: "App.entitlements", bytes: Array($0.utf8)).get()
            }
            if example.entitlements != nil && context == nil { XCTFail("\(rule.description.id): bad entitlements context") }
            results = linter.lint(path: "Example.swift", bytes: Array(text.utf8), platforms: example.platforms,
                                  entitlements: context.map { [$0] } ?? [])
        }
        return results.map { SourceLocation(line: $0.line, column: $0.column) }
    }

    /// `line:column` pairs, so a failure reads as expected vs actual spots.
    private func spots(_ locations: [SourceLocation]) -> String {
        "[" + locations.map { "\($0.line):\($0.column)" }.joined(separator: ", ") + "]"
    }

    private func label(_ rule: any Rule.Type, _ kind: String, _ index: Int) -> String {
        "\(rule.description.id) \(kind) example #\(index + 1)"
    }

    func testTriggeringExamplesFindExactlyTheMarkedSpots() {
        for rule in RuleRegistry.all {
            for (index, example) in rule.description.triggering.enumerated() {
                let marked = Marked(example.code)
                XCTAssertFalse(marked.offsets.isEmpty, "\(label(rule, "triggering", index)) marks no spot")
                let expected = marked.locations(), actual = findings(rule, marked.text, example)
                XCTAssertEqual(actual, expected,
                               "\(label(rule, "triggering", index)): expected \(spots(expected)), actual \(spots(actual)):\n\(marked.text)")
            }
        }
    }

    func testNonTriggeringExamplesFindNothing() {
        for rule in RuleRegistry.all {
            for (index, example) in rule.description.nonTriggering.enumerated() {
                XCTAssertFalse(example.code.contains(RuleExample.marker), "\(label(rule, "non-triggering", index)) has a marker")
                let actual = findings(rule, example.code, example)
                XCTAssertEqual(actual, [],
                               "\(label(rule, "non-triggering", index)): expected no finding, actual \(spots(actual)):\n\(example.code)")
            }
        }
    }

    func testTriggeringExamplesAreSilentInCommentsAndStrings() {
        for rule in RuleRegistry.all {
            for (index, example) in rule.description.triggering.enumerated() where !example.isEntitlementsFile {
                let text = Marked(example.code).text
                let wrapped = ["/*\n\(text)\n*/\n", "let text = #\"\"\"\n\(text)\n\"\"\"#\n",
                               text.split(separator: "\n", omittingEmptySubsequences: false).map { "// \($0)" }.joined(separator: "\n")]
                for variant in wrapped {
                    let actual = findings(rule, variant, example)
                    XCTAssertEqual(actual, [],
                                   "\(label(rule, "triggering", index)) fires inside a comment or string at \(spots(actual)):\n\(variant)")
                }
            }
        }
    }

    /// A multi-byte character before a spot moves its column by the character's UTF-8 length.
    func testColumnsCountUTF8Bytes() {
        for rule in RuleRegistry.all {
            for (index, example) in rule.description.triggering.enumerated() {
                // Swift gets a block comment, a plist an XML comment: both may precede the marked text's line.
                let prefix = example.isEntitlementsFile ? "<!-- é€ --> " : "/* é€ */ "
                let lines = example.code.split(separator: "\n", omittingEmptySubsequences: false)
                let shifted = lines.map { $0.contains(RuleExample.marker) ? prefix + $0 : String($0) }.joined(separator: "\n")
                let original = Marked(example.code).locations()
                let expected = original.map { SourceLocation(line: $0.line, column: $0.column + prefix.utf8.count) }
                let actual = findings(rule, Marked(shifted).text, example)
                XCTAssertEqual(actual, expected,
                               "\(label(rule, "triggering", index)) with a multi-byte prefix: expected \(spots(expected)), actual \(spots(actual))")
            }
        }
    }

    func testEveryRuleIsDescribed() {
        XCTAssertFalse(RuleRegistry.all.isEmpty)
        var ids = Set<String>()
        for rule in RuleRegistry.all {
            let d = rule.description
            XCTAssertTrue(ids.insert(d.id).inserted, "duplicate id \(d.id)")
            XCTAssertTrue(d.id.split(separator: "-", omittingEmptySubsequences: false).allSatisfy { word in
                !word.isEmpty && word.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) }
            }, "\(d.id) is not kebab-case")
            XCTAssertFalse(d.triggering.isEmpty, "\(d.id) has no triggering example")
            XCTAssertFalse(d.nonTriggering.isEmpty, "\(d.id) has no non-triggering example")
            XCTAssertFalse(d.summary.isEmpty || d.rationale.isEmpty || d.howToFix.isEmpty, "\(d.id) lacks text")
            // Only a rule that never reads Swift may leave the Swift prefilter nothing to look for.
            XCTAssertFalse(d.requiredLiterals.isEmpty && !d.triggering.allSatisfy(\.isEntitlementsFile), "\(d.id) declares no prefilter literal")
        }
    }
}
