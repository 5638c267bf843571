import KeychainLintSyntax
import KeychainLint
import KeychainLintRules

/// What a run produced, handed to a reporter: how many files were linted and the findings,
/// already in output order (`Finding.sortedForOutput`).
package struct LintResult: Sendable {
    /// Files that were read and linted (skipped files are not counted).
    package var filesLinted: Int
    /// Sorted findings of every linted file.
    package var findings: [Finding]
    /// The rules that were enabled for the run. Formats that describe rules (SARIF, JSON) use it;
    /// the line-oriented formats ignore it.
    package var rules: [RuleDescription]
    /// The severity each rule ran at, by id, when configuration changed it from its default.
    package var severities: [String: Severity]
    /// The normalised text (`LineText`) of each finding's line, by path and line number. SARIF
    /// fingerprints use it; a finding whose line is not here is fingerprinted by its message.
    package var lineTexts: [String: [Int: String]]

    package init(filesLinted: Int, findings: [Finding], rules: [RuleDescription] = [],
                 severities: [String: Severity] = [:], lineTexts: [String: [Int: String]] = [:]) {
        self.filesLinted = filesLinted
        self.findings = Finding.sortedForOutput(findings)
        self.rules = rules
        self.severities = severities
        self.lineTexts = lineTexts
    }

    package func lineText(of finding: Finding) -> String? { lineTexts[finding.path]?[finding.line] }

    /// The severity `rule` ran at: the configured one, else its default; a rule that is off by
    /// default and was turned on runs at warning.
    package func severity(of rule: RuleDescription) -> Severity {
        severities[rule.id] ?? rule.defaultSeverity ?? .warning
    }

    package var errorCount: Int { count(of: .error) }
    package var warningCount: Int { count(of: .warning) }

    /// By index, reading only each finding's severity: iterating copies every finding out.
    private func count(of severity: Severity) -> Int {
        var n = 0
        for i in findings.indices where findings[i].severity == severity { n += 1 }
        return n
    }
}

/// One output format. A reporter is pure: it turns a result into the exact text for stdout
/// and never prints. New formats are a new type plus a line in `ReporterRegistry.all`.
package protocol Reporter: Sendable {
    /// The value of `--format` that selects this reporter.
    static var name: String { get }
    /// One line for `--help`.
    static var summary: String { get }
    init()
    /// The complete output; empty or newline-terminated.
    func report(_ result: LintResult) -> String
}

/// The formats `--format` accepts, in the order `--help` lists them. The first is the default.
package enum ReporterRegistry {
    package static let all: [any Reporter.Type] = [
        XcodeReporter.self,
        JSONReporter.self,
        SARIFReporter.self,
        GitHubReporter.self,
        CheckstyleReporter.self,
        SummaryReporter.self,
    ]

    package static var defaultName: String { all[0].name }

    package static var names: [String] { all.map { $0.name } }

    package static func reporter(named name: String) -> (any Reporter)? {
        all.first { $0.name == name }.map { $0.init() }
    }
}
