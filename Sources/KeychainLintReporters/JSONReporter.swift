import KeychainLint
import KeychainLintRules

/// `{"version":1,"files":N,"findings":[{"ruleId":…,"severity":…,"message":…,"file":…,"line":…,"column":…,`
/// `"endLine":…,"endColumn":…,"helpUri":…,"fix":…}],`
/// `"unreadable":[{"file":…,"message":…}],` (only when a file found in a folder could not be read),
/// `"rules":[{"id":…,"name":…,"severity":…,"defaultSeverity":…,"summary":…,"rationale":…,"howToFix":…,"help":…,"helpUri":…}]}`
/// on one line, keys always in that order, followed by a newline. `rules` describes the rules that
/// ran, at the severity they ran at; it comes last so readers of the older shape are unaffected.
/// `endLine`/`endColumn`: where the reported text ends (exclusive, the language server's range);
/// `help` stays the page's path in the repository and `helpUri` is its absolute address, at the tag
/// of this version: keys added, none changed, so the schema version stays 1.
/// `fix`, present only on a finding that has one: `{"description":…,"applicability":"safe"|"unsafe",`
/// `"storedItemsEffect":…` (unsafe only) `,"edits":[{"start":{"line","column"},"end":{…},"replacement":…}]}`,
/// columns in bytes as `column` counts them.
package struct JSONReporter: Reporter {
    package static let name = "json"
    package static let summary = "one JSON object: version, files, findings, rules"
    /// Bumped only when the shape changes incompatibly.
    package static let schemaVersion = 1

    package init() {}

    package func report(_ result: LintResult) -> String {
        var w = JSONWriter()
        w.raw("{\"version\":\(Self.schemaVersion),\"files\":\(result.filesLinted),\"findings\":[")
        for (i, f) in result.findings.enumerated() {
            if i > 0 { w.raw(",") }
            w.raw("{\"ruleId\":"); w.string(f.ruleID)
            w.raw(",\"severity\":"); w.string(f.severity.rawValue)
            w.raw(",\"message\":"); w.string(f.message)
            w.raw(",\"file\":"); w.string(f.path)
            w.raw(",\"line\":\(f.line),\"column\":\(f.column),\"endLine\":\(f.end.line),\"endColumn\":\(f.end.column)")
            w.raw(",\"helpUri\":"); w.string(ToolInfo.rulePageURI(f.ruleID))
            if let fix = f.fix { Self.write(fix, into: &w) }
            w.raw("}")
        }
        w.raw("]")
        // Only when there are some, so a clean run's shape is unchanged.
        let unreadable = result.unreadableFiles
        if !unreadable.isEmpty {
            w.raw(",\"unreadable\":[")
            for (i, problem) in unreadable.enumerated() {
                if i > 0 { w.raw(",") }
                w.raw("{\"file\":"); w.string(problem.path ?? "")
                w.raw(",\"message\":"); w.string(problem.message)
                w.raw("}")
            }
            w.raw("]")
        }
        w.raw(",\"rules\":[")
        for (i, rule) in result.rules.enumerated() {
            if i > 0 { w.raw(",") }
            w.raw("{\"id\":"); w.string(rule.id)
            w.raw(",\"name\":"); w.string(ToolInfo.ruleName(rule.id))
            w.raw(",\"severity\":"); w.string(result.severity(of: rule).rawValue)
            w.raw(",\"defaultSeverity\":"); w.string(rule.defaultSettingName)
            w.raw(",\"summary\":"); w.string(rule.summary)
            w.raw(",\"rationale\":"); w.string(rule.rationale)
            w.raw(",\"howToFix\":"); w.string(rule.howToFix)
            w.raw(",\"help\":"); w.string(ToolInfo.rulePagePath(rule.id))
            w.raw(",\"helpUri\":"); w.string(ToolInfo.rulePageURI(rule.id))
            w.raw("}")
        }
        w.raw("]}\n")
        return w.output
    }

    /// `,"fix":{…}`: what SARIF's `fixes` carry, with the applicability `--fix` goes by.
    private static func write(_ fix: Fix, into w: inout JSONWriter) {
        w.raw(",\"fix\":{\"description\":"); w.string(fix.description)
        w.raw(",\"applicability\":"); w.string(fix.applicability.rawValue)
        if fix.applicability == .unsafe { w.raw(",\"storedItemsEffect\":"); w.string(fix.storedItemsEffect) }
        w.raw(",\"edits\":[")
        for (i, edit) in fix.edits.enumerated() {
            if i > 0 { w.raw(",") }
            w.raw("{\"start\":{\"line\":\(edit.start.line),\"column\":\(edit.start.column)}")
            w.raw(",\"end\":{\"line\":\(edit.end.line),\"column\":\(edit.end.column)}")
            w.raw(",\"replacement\":"); w.string(edit.replacement)
            w.raw("}")
        }
        w.raw("]}")
    }
}

/// A minimal JSON text builder. Strings are escaped so the output is valid JSON for any Swift
/// string: `"` and `\` are escaped, control characters become `\n`, `\t`, … or `\u00XX`, and
/// U+2028/U+2029 are escaped so the text is also safe to embed in JavaScript. Everything else is
/// written as UTF-8.
package struct JSONWriter {
    package private(set) var output = ""

    package init() {}

    package mutating func raw(_ text: String) { output += text }

    package mutating func string(_ s: String) {
        output += Self.quoted(s)
    }

    package static func quoted(_ s: String) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        // Fast path: copy runs of characters that need no escaping in one append.
        var needsEscape = false
        for b in s.utf8 where b < 0x20 || b == 0x22 || b == 0x5C || b == 0xE2 {
            needsEscape = true
            break
        }
        if !needsEscape {
            out += s
            out += "\""
            return out
        }
        for scalar in s.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x08: out += "\\b"
            case 0x0C: out += "\\f"
            case 0x00..<0x20, 0x2028, 0x2029:
                out += "\\u" + hex4(scalar.value)
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
        return out
    }

    private static func hex4(_ v: UInt32) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int((v >> 12) & 0xF)], digits[Int((v >> 8) & 0xF)],
                       digits[Int((v >> 4) & 0xF)], digits[Int(v & 0xF)]])
    }
}
