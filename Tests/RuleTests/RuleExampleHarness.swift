import Foundation
import XCTest
import KeychainLint
import KeychainLintModel
import KeychainLintRules
import KeychainLintSyntax

/// The checks every rule's own examples must pass, run one rule at a time (`checkExamples(of:)`).
/// A failure is recorded at the example in the rule's source file (`RuleExample.file`/`line`) and
/// names the rule, the kind of example and its marked or first line, so it reads where it is fixed.
extension RuleExampleTests {
    /// Runs every check on the examples of the rule `id`; fails if no registered rule has that id.
    func checkExamples(of id: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let rule = RuleRegistry.rule(id: id) else {
            return XCTFail("no rule in RuleRegistry has the id \(id)", file: file, line: line)
        }
        let description = rule.description
        for example in description.triggering {
            let subject = ExampleUnderTest(rule: rule, example: example, kind: "triggering")
            // The columns check repeats the spots check on shifted text: it says something only once those agree.
            if checkTriggering(subject) { checkColumnsCountUTF8Bytes(subject) }
            if !example.isEntitlementsFile { checkSilentInCommentsAndStrings(subject) }
        }
        for example in description.nonTriggering {
            checkNonTriggering(ExampleUnderTest(rule: rule, example: example, kind: "non-triggering"))
        }
        checkFixExamples(of: rule)
    }

    /// A triggering example finds exactly the spots its `↓` markers point at; returns whether it does.
    private func checkTriggering(_ subject: ExampleUnderTest) -> Bool {
        let marked = MarkedExample(subject.example.code)
        let expected = marked.locations(), actual = findings(subject, marked.text)
        if marked.offsets.isEmpty {
            fail(subject, "marks no spot with \(RuleExample.marker) (it finds \(spots(actual))\(Self.spotsNote))",
                 excerptLine: actual.first?.line)
        } else if actual != expected {
            fail(subject, "expected findings at \(spots(expected)), found \(spots(actual))\(Self.spotsNote)")
        }
        return !marked.offsets.isEmpty && actual == expected
    }

    /// A non-triggering example has no marker and finds nothing.
    private func checkNonTriggering(_ subject: ExampleUnderTest) {
        if subject.example.code.contains(RuleExample.marker) {
            fail(subject, "has a \(RuleExample.marker) marker, which only triggering examples may have")
        }
        let actual = findings(subject, subject.example.code)
        if !actual.isEmpty {
            fail(subject, "expected no finding, found \(spots(actual))\(Self.spotsNote)", excerptLine: actual[0].line)
        }
    }

    /// The same code commented out or inside a string literal finds nothing.
    private func checkSilentInCommentsAndStrings(_ subject: ExampleUnderTest) {
        let text = MarkedExample(subject.example.code).text
        let variants = [
            ("a block comment", "/*\n\(text)\n*/\n"),
            ("a raw multi-line string", "let text = #\"\"\"\n\(text)\n\"\"\"#\n"),
            ("line comments", text.split(separator: "\n", omittingEmptySubsequences: false).map { "// \($0)" }.joined(separator: "\n")),
        ]
        for (name, variant) in variants {
            let actual = findings(subject, variant)
            if !actual.isEmpty { fail(subject, "fires inside \(name), at \(spots(actual)) of:\n\(variant)") }
        }
    }

    /// A multi-byte character before a spot moves its column by the character's UTF-8 length.
    private func checkColumnsCountUTF8Bytes(_ subject: ExampleUnderTest) {
        let example = subject.example
        // Swift gets a block comment, a plist an XML comment: both may precede the marked text's line.
        let prefix = example.isEntitlementsFile ? "<!-- é€ --> " : "/* é€ */ "
        let lines = example.code.split(separator: "\n", omittingEmptySubsequences: false)
        let shifted = lines.map { $0.contains(RuleExample.marker) ? prefix + $0 : String($0) }.joined(separator: "\n")
        let expected = MarkedExample(example.code).locations().map {
            SourceLocation(line: $0.line, column: $0.column + prefix.utf8.count)
        }
        let actual = findings(subject, MarkedExample(shifted).text)
        if actual != expected {
            fail(subject, "with `\(prefix)` before each marked line: expected findings at \(spots(expected)), found \(spots(actual))\(Self.spotsNote)")
        }
    }

    /// Lints `text` with this rule alone, as the example's project (platforms, entitlements) would.
    private func findings(_ subject: ExampleUnderTest, _ text: String) -> [SourceLocation] {
        let rule = subject.rule, example = subject.example
        let linter = Linter(rules: [ActiveRule(rule: rule.init(), severity: rule.description.severityWhenEnabled)])
        let results: [Finding]
        if example.isEntitlementsFile {
            guard case .success(let file) = EntitlementsFile.parse(path: "App.entitlements", bytes: Array(text.utf8)) else {
                fail(subject, "is not a valid entitlements plist")
                return []
            }
            results = linter.lint(entitlements: file)
        } else {
            let context = example.entitlements.flatMap {
                try? EntitlementsFile.parse(path: "App.entitlements", bytes: Array($0.utf8)).get()
            }
            if example.entitlements != nil && context == nil { fail(subject, "has entitlements that are not a valid plist") }
            results = linter.lint(path: "Example.swift", bytes: Array(text.utf8), platforms: example.platforms,
                                  entitlements: context.map { [$0] } ?? [])
        }
        return results.map { SourceLocation(line: $0.line, column: $0.column) }
    }

    /// Records a failure at the example: "<rule id> <kind> example `<excerpt>` <problem>".
    private func fail(_ subject: ExampleUnderTest, _ problem: String, excerptLine: Int? = nil) {
        let example = subject.example
        XCTFail("\(subject.rule.description.id) \(subject.kind) example `\(Self.excerpt(example.code, line: excerptLine))` \(problem)",
                file: example.file, line: example.line)
    }

    /// One line of the example, trimmed and shortened: the given line, else the first marked line,
    /// else the first non-blank one.
    static func excerpt(_ code: String, line: Int? = nil) -> String {
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        let chosen = line.flatMap { $0 >= 1 && $0 <= lines.count ? lines[$0 - 1] : nil }
            ?? lines.first { $0.contains(RuleExample.marker) }
            ?? lines.first { !$0.allSatisfy(\.isWhitespace) } ?? ""
        let trimmed = chosen.trimmingCharacters(in: .whitespaces)
        return trimmed.count > 72 ? String(trimmed.prefix(71)) + "…" : trimmed
    }

    private static let spotsNote = " (line:column in the example)"

    /// `line:column` pairs in the example's own text (`spotsNote`), so a failure reads as expected vs found spots.
    private func spots(_ locations: [SourceLocation]) -> String {
        locations.isEmpty ? "none" : locations.map { "\($0.line):\($0.column)" }.joined(separator: ", ")
    }
}

/// One example of one rule, and which list it is in ("triggering" or "non-triggering").
struct ExampleUnderTest {
    var rule: any Rule.Type
    var example: RuleExample
    var kind: String
}

/// An example with its `↓` markers removed and their byte offsets kept.
struct MarkedExample {
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
