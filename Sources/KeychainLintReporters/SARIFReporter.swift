import KeychainLint
import KeychainLintProject
import KeychainLintRules

/// SARIF 2.1.0, the format GitHub code scanning uploads. Rules carry the `security` tag and a
/// `security-severity`, which code scanning needs to file results as security alerts; file
/// locations are relative to `SRCROOT` (the source root, declared in `originalUriBaseIds`), so
/// they match the repository's files whatever folder the run started from.
package struct SARIFReporter: Reporter {
    package static let name = "sarif"
    package static let summary = "SARIF 2.1.0 (GitHub code scanning)"

    package init() {}

    package func report(_ result: LintResult) -> String {
        var w = JSONWriter()
        w.raw("{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\"runs\":[{")
        w.raw("\"tool\":{\"driver\":{\"name\":\"keychain-lint\",\"version\":\"\(ToolInfo.version)\",\"rules\":[")
        let rules = result.rules
        for (i, rule) in rules.enumerated() {
            if i > 0 { w.raw(",") }
            w.raw("{\"id\":"); w.string(rule.id)
            w.raw(",\"name\":"); w.string(ToolInfo.ruleName(rule.id))
            w.raw(",\"shortDescription\":{\"text\":"); w.string(rule.summary)
            w.raw("},\"fullDescription\":{\"text\":"); w.string(rule.rationale)
            w.raw("},\"help\":{\"text\":"); w.string(rule.howToFix)
            w.raw("},\"helpUri\":"); w.string(ToolInfo.rulePageURI(rule.id))
            w.raw(",\"defaultConfiguration\":{\"level\":"); w.string(rule.severityWhenEnabled.rawValue)
            w.raw("},\"properties\":{\"tags\":[")
            w.raw(Self.tags(rule.kind).map(JSONWriter.quoted).joined(separator: ","))
            w.raw("]")
            if let score = Self.securitySeverity(result.severity(of: rule), kind: rule.kind) {
                w.raw(",\"security-severity\":"); w.string(score)
            }
            w.raw("}}")
        }
        w.raw("]}}")
        // Columns count UTF-16 code units, as GitHub and editors do: a line with `é€😀` before a
        // finding puts it where they show the character, not where the bytes are.
        w.raw(",\"columnKind\":\"utf16CodeUnits\"")
        if let root = result.sourceRoot {
            w.raw(",\"originalUriBaseIds\":{\"SRCROOT\":{\"uri\":"); w.string(root.fileURI); w.raw("}}")
        }
        Self.invocation(result, into: &w)
        w.raw(",\"results\":[")
        var fingerprints = Fingerprints()
        for (i, f) in result.findings.enumerated() {
            if i > 0 { w.raw(",") }
            let relative = ReportPath.relative(f.path, root: result.sourceRoot).map(SourceRoot.percentEncoded)
            // Outside the root a file keeps its absolute URI and has no base.
            let uri = relative ?? "file://" + SourceRoot.percentEncoded(ReportPath.repositoryRelative(f.path, root: result.sourceRoot))
            w.raw("{\"ruleId\":"); w.string(f.ruleID)
            if let index = rules.firstIndex(where: { $0.id == f.ruleID }) { w.raw(",\"ruleIndex\":\(index)") }
            w.raw(",\"level\":"); w.string(f.severity.rawValue)
            w.raw(",\"message\":{\"text\":"); w.string(f.message)
            w.raw("},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":")
            Self.artifact(uri, relative: relative != nil, into: &w)
            w.raw(",\"region\":{\"startLine\":\(f.line),\"startColumn\":\(f.utf16Column)}}}]")
            if let fix = f.fix { Self.fixes(fix, uri: uri, relative: relative != nil, into: &w) }
            w.raw(",\"partialFingerprints\":{\"keychainLint/v1\":")
            w.string(fingerprints.next(f, location: uri, lineText: result.lineText(of: f)))
            w.raw("}}")
        }
        w.raw("]}]}\n")
        return w.output
    }

    /// When files found in folders could not be read: an invocation that did not succeed, with
    /// a notification for each file, so code scanning shows that the run did not see everything.
    private static func invocation(_ result: LintResult, into w: inout JSONWriter) {
        let unreadable = result.unreadableFiles
        guard !unreadable.isEmpty else { return }
        w.raw(",\"invocations\":[{\"executionSuccessful\":false,\"toolExecutionNotifications\":[")
        for (i, problem) in unreadable.enumerated() {
            if i > 0 { w.raw(",") }
            w.raw("{\"level\":\"error\",\"message\":{\"text\":"); w.string(problem.message); w.raw("}")
            if let path = problem.path {
                let relative = ReportPath.relative(path, root: result.sourceRoot).map(SourceRoot.percentEncoded)
                let uri = relative ?? "file://" + SourceRoot.percentEncoded(ReportPath.repositoryRelative(path, root: result.sourceRoot))
                w.raw(",\"locations\":[{\"physicalLocation\":{\"artifactLocation\":")
                artifact(uri, relative: relative != nil, into: &w)
                w.raw("}}]")
            }
            w.raw("}")
        }
        w.raw("]}]")
    }

    private static func artifact(_ uri: String, relative: Bool, into w: inout JSONWriter) {
        w.raw("{\"uri\":"); w.string(uri)
        if relative { w.raw(",\"uriBaseId\":\"SRCROOT\"") }
        w.raw("}")
    }

    /// The finding's fix as SARIF `fixes` (GitHub shows them as suggested changes): one artifact
    /// change whose replacements are the fix's edits, each a deleted region (empty for an insertion:
    /// start and end at one point) and the text put in its place.
    private static func fixes(_ fix: Fix, uri: String, relative: Bool, into w: inout JSONWriter) {
        w.raw(",\"fixes\":[{\"description\":{\"text\":"); w.string(fix.title)
        w.raw("},\"artifactChanges\":[{\"artifactLocation\":")
        artifact(uri, relative: relative, into: &w)
        w.raw(",\"replacements\":[")
        for (i, edit) in fix.edits.enumerated() {
            if i > 0 { w.raw(",") }
            w.raw("{\"deletedRegion\":{\"startLine\":\(edit.start.line),\"startColumn\":\(edit.start.utf16Column)")
            w.raw(",\"endLine\":\(edit.end.line),\"endColumn\":\(edit.end.utf16Column)}")
            w.raw(",\"insertedContent\":{\"text\":"); w.string(edit.replacement)
            w.raw("}}")
        }
        // Whether `--fix` applies it unasked, and what an unsafe one changes for stored items.
        w.raw("]}],\"properties\":{\"applicability\":"); w.string(fix.applicability.rawValue)
        if fix.applicability == .unsafe { w.raw(",\"storedItemsEffect\":"); w.string(fix.storedItemsEffect) }
        w.raw("}}]")
    }

    /// Every keychain rule is a security rule; the suppression checks are housekeeping.
    static func tags(_ kind: RuleKind) -> [String] {
        kind == .suppression ? ["maintainability"] : ["security", "keychain"]
    }

    /// Code scanning's 0–10 score (≥ 7 high, ≥ 4 medium) from the severity the rule ran at;
    /// `nil` for a rule that is not a security rule.
    static func securitySeverity(_ severity: Severity, kind: RuleKind) -> String? {
        guard tags(kind).contains("security") else { return nil }
        return severity == .error ? "7.5" : "5.0"
    }
}
