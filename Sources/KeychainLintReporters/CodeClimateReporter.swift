import KeychainLint
import KeychainLintRules

/// GitLab Code Quality: a JSON array of Code Climate issues, which merge requests show as new or
/// fixed by comparing `fingerprint`s between the two branches' reports. The fingerprint is the
/// one SARIF uses (rule, file, line text, occurrence), so inserting lines above a finding does
/// not make it new; paths are relative to the source root, as GitLab matches them to the
/// repository's files.
package struct CodeClimateReporter: Reporter {
    package static let name = "codeclimate"
    package static let summary = "GitLab Code Quality (Code Climate JSON)"

    package init() {}

    package func report(_ result: LintResult) -> String {
        var w = JSONWriter()
        var fingerprints = Fingerprints()
        w.raw("[")
        let suppressionRules = Set(result.rules.filter { $0.kind == .suppression }.map(\.id))
        for (i, f) in result.findings.enumerated() {
            if i > 0 { w.raw(",") }
            let path = ReportPath.repositoryRelative(f.path, root: result.sourceRoot)
            w.raw("{\"type\":\"issue\",\"check_name\":"); w.string(f.ruleID)
            w.raw(",\"description\":"); w.string(f.message)
            w.raw(",\"categories\":["); w.string(suppressionRules.contains(f.ruleID) ? "Style" : "Security")
            w.raw("],\"severity\":"); w.string(Self.severity(f.severity))
            w.raw(",\"fingerprint\":"); w.string(fingerprints.next(f, location: path, lineText: result.lineText(of: f)))
            w.raw(",\"location\":{\"path\":"); w.string(path)
            w.raw(",\"lines\":{\"begin\":\(f.line)}}}")
        }
        w.raw("]\n")
        return w.output
    }

    /// Code Quality's scale is info, minor, major, critical, blocker: an error breaks the item at
    /// run time (critical), a warning is a likely bug (major).
    static func severity(_ severity: Severity) -> String { severity == .error ? "critical" : "major" }
}
