import Foundation
import KeychainLint
#if canImport(FoundationXML)
import FoundationXML
#endif
import KeychainLintModel
import KeychainLintReporters
import KeychainLintRules
import KeychainLintSyntax

/// Runs arbitrary bytes through every layer (tokenizer, model, every rule, every reporter) and
/// returns each invariant that does not hold, as text. Shared by the libFuzzer target, which traps
/// on the first violation, and by the regression tests, which replay saved inputs through the very
/// same checks. Returns instead of trapping so that the core's "never print, never exit" holds.
package enum PipelineInvariants {
    /// Every rule the registry knows, on by default or not, so the fuzzer reaches all of them.
    package static let linter = Linter(rules: RuleRegistry.all.map {
        ActiveRule(rule: $0.init(), severity: $0.description.severityWhenEnabled)
    })

    /// The path findings are reported under.
    package static let path = "Fuzz/Input.swift"

    package static func violations(_ bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        let lossless = Tokenizer.tokenize(bytes)
        problems += tokenCoverage(bytes, lossless)
        problems += codeStream(bytes, lossless)

        // The first byte picks the platforms, so #if evaluation over every platform set is reached.
        let platforms = bytes.first.map { PlatformSet(rawValue: $0 & 0x1F) } ?? .all
        let entitlements: [EntitlementsFile]
        switch EntitlementsFile.parse(path: "Fuzz/Input.entitlements", bytes: bytes) {
        case .success(let file):
            entitlements = [file]
            problems += locations(linter.lint(entitlements: file), in: bytes, what: "entitlements")
        case .failure:
            entitlements = []
        }

        // Both passes of a project lint: alone, then with what the file declares for others.
        let first = linter.analyze(path: path, bytes: bytes, platforms: platforms, entitlements: entitlements, force: true)
        var findings = first.findings
        let symbols = ProjectPass.symbols(from: [first])
        if !symbols.isEmpty {
            findings = linter.analyze(path: path, bytes: bytes, platforms: platforms, symbols: symbols,
                                      entitlements: entitlements, force: true).findings
        }
        problems += locations(findings, in: bytes, what: "swift")
        if findings != Finding.sortedForOutput(findings) { problems.append("findings are not in output order") }

        // Reporters must stay well-formed for any text, so the input also becomes a message and a path
        // (its start only: escaping is per character, and reporting whole inputs would halve the runs).
        let text = String(decoding: bytes.prefix(256), as: UTF8.self)
        let hostile = Finding(ruleID: "fuzz", severity: .error, message: text, path: "Fuzz/" + text, line: 1, column: 1)
        // SARIF describes the run's rules; only those that found something, since the fixed texts of
        // the others would dominate each run's time (the full list is schema-checked in .ci/run).
        let found = Set(findings.map(\.ruleID))
        let rules = linter.rules.map { type(of: $0.rule).description }.filter { found.contains($0.id) }
        problems += reports(LintResult(filesLinted: 1, findings: findings + [hostile], rules: rules))
        return problems
    }

    /// Tokens cover the input exactly: contiguous, in order, none empty, from 0 to the end.
    package static func tokenCoverage(_ bytes: [UInt8], _ tokens: [Token]) -> [String] {
        var at = 0
        for (index, token) in tokens.enumerated() {
            if Int(token.start) != at { return ["token \(index) starts at \(token.start), expected \(at)"] }
            if token.end <= token.start { return ["token \(index) is empty or reversed (\(token.start)..<\(token.end))"] }
            at = Int(token.end)
        }
        return at == bytes.count ? [] : ["tokens end at \(at) of \(bytes.count) bytes"]
    }

    /// Every finding's line exists and its column lies on that line (one past its last byte at most),
    /// and so does its end, at or after its column.
    package static func locations(_ findings: [Finding], in bytes: [UInt8], what: String) -> [String] {
        let lines = LineMap(bytes)
        var problems: [String] = []
        for f in findings {
            guard f.line >= 1, f.line <= lines.lineCount, f.column >= 1 else {
                problems.append("\(what) finding \(f.ruleID) at \(f.line):\(f.column) is outside the file (\(lines.lineCount) lines)")
                continue
            }
            let offset = lines.lineStarts[f.line - 1] + f.column - 1
            let lineEnd = f.line < lines.lineCount ? lines.lineStarts[f.line] - 1 : bytes.count
            if offset > lineEnd {
                problems.append("\(what) finding \(f.ruleID) at \(f.line):\(f.column) is past the end of its line")
            }
            if f.end.line != f.line || f.end.column < f.column || lines.lineStarts[f.line - 1] + f.end.column - 1 > lineEnd {
                problems.append("\(what) finding \(f.ruleID) at \(f.line):\(f.column) ends off its line, at \(f.end.line):\(f.end.column)")
            }
        }
        return problems
    }

    /// JSON, SARIF and Code Quality parse, checkstyle and JUnit are well-formed XML, and line-oriented formats keep one line per finding.
    package static func reports(_ result: LintResult) -> [String] {
        var problems: [String] = []
        let count = result.findings.count
        for reporter in ReporterRegistry.all {
            let output = reporter.init().report(result)
            if !output.isEmpty && !output.hasSuffix("\n") { problems.append("\(reporter.name) output does not end in a line break") }
            switch reporter.name {
            case JSONReporter.name:
                let object = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
                if (object?["findings"] as? [Any])?.count != count { problems.append("json output does not parse to \(count) findings") }
            case SARIFReporter.name:
                let object = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
                let results = ((object?["runs"] as? [[String: Any]])?.first?["results"] as? [Any])?.count
                if results != count { problems.append("sarif output does not parse to \(count) results") }
            case CheckstyleReporter.name, JUnitReporter.name:
                if let error = xmlError(output) { problems.append("\(reporter.name) output is not well-formed XML: \(error)") }
            case CodeClimateReporter.name:
                let issues = (try? JSONSerialization.jsonObject(with: Data(output.utf8))) as? [Any]
                if issues?.count != count { problems.append("codeclimate output does not parse to \(count) issues") }
            case XcodeReporter.name, GitHubReporter.name:
                let lines = output.utf8.reduce(0) { $0 + ($1 == 0x0A || $1 == 0x0D ? 1 : 0) }
                if lines != count { problems.append("\(reporter.name) output has \(lines) line breaks for \(count) findings") }
            default:
                break
            }
        }
        return problems
    }

    /// The parser's complaint, or nil when the text is well-formed XML. Foundation's parser on Linux
    /// reports success for some broken documents (an unclosed `<a>`, a mismatched end tag with the
    /// error only in `parserError`), so the elements are also counted: one root, every one closed.
    package static func xmlError(_ text: String) -> String? {
        let parser = XMLParser(data: Data(text.utf8))
        parser.shouldResolveExternalEntities = false
        let balance = ElementBalance()
        parser.delegate = balance
        let parsed = parser.parse()
        if let error = parser.parserError { return "\(error)" }
        if !parsed { return "unknown error" }
        if balance.depth != 0 { return "\(balance.depth) element(s) left open" }
        if balance.roots != 1 { return "\(balance.roots) root elements" }
        return nil
    }
}

private final class ElementBalance: NSObject, XMLParserDelegate {
    var depth = 0
    var roots = 0

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        if depth == 0 { roots += 1 }
        depth += 1
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        depth -= 1
    }
}
