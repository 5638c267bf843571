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
