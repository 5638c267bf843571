import KeychainLintProject
import KeychainLintRules

/// What a run produced: the findings in output order, the rules that ran, how many files were
/// linted and the paths that could not be. Reporters turn it into text; a library user reads it.
public struct LintResult: Sendable {
    /// Files that were read and linted (skipped files are not counted).
    public var filesLinted: Int
    /// Sorted findings of every linted file (`Finding.sortedForOutput`).
    public var findings: [Finding]
    /// Paths that could not be linted, in the order they were met. Any error means the run could
    /// not look at everything it was asked to: the command line exits with status 2.
    public var problems: [LintProblem] = []
    /// The rules that were enabled for the run. Formats that describe rules (SARIF, JSON) use it;
    /// the line-oriented formats ignore it.
    package var rules: [RuleDescription]
    /// The severity each rule ran at, by id, when configuration changed it from its default.
    package var severities: [String: Severity]
    /// The normalised text (`LineText`) of each finding's line, by path and line number. SARIF
    /// fingerprints and baselines use it; a finding whose line is not here is keyed by its message.
    package var lineTexts: [String: [Int: String]]
    /// The paths of the linted files, as written. JUnit makes a test case of each, so files without
    /// findings show as passed; the other formats list only findings.
    package var lintedPaths: [String]
    /// Where repository-relative paths start (SARIF, Code Quality); the command line sets it.
    /// `nil` keeps paths as written, less a leading `./`.
    package var sourceRoot: SourceRoot?

    package init(filesLinted: Int, findings: [Finding], rules: [RuleDescription] = [],
                 severities: [String: Severity] = [:], lineTexts: [String: [Int: String]] = [:],
                 problems: [LintProblem] = [], lintedPaths: [String] = [], sourceRoot: SourceRoot? = nil) {
        self.filesLinted = filesLinted
        self.findings = Finding.sortedForOutput(findings)
        self.rules = rules
        self.severities = severities
        self.lineTexts = lineTexts
        self.problems = problems
        self.lintedPaths = lintedPaths
        self.sourceRoot = sourceRoot
    }

    /// The rules that ran, each with the severity it reported at.
    public var rulesRun: [RuleInfo] {
        rules.map { RuleInfo(id: $0.id, severity: severity(of: $0), summary: $0.summary) }
    }

    package func lineText(of finding: Finding) -> String? { lineTexts[finding.path]?[finding.line] }

    /// The severity `rule` ran at: the configured one, else its default; a rule that is off by
    /// default and was turned on runs at warning.
    package func severity(of rule: RuleDescription) -> Severity {
        severities[rule.id] ?? rule.severityWhenEnabled
    }

    public var errorCount: Int { count(of: .error) }
    public var warningCount: Int { count(of: .warning) }

    /// Whether a path the run was asked to lint could not be.
    public var hasPathErrors: Bool { problems.contains { $0.kind == .error } }

    /// The files found in folders that could not be read, each with its problem.
    public var unreadableFiles: [LintProblem] { problems.filter { $0.kind == .unreadable } }

    /// By index, reading only each finding's severity: iterating copies every finding out.
    private func count(of severity: Severity) -> Int {
        var n = 0
        for i in findings.indices where findings[i].severity == severity { n += 1 }
        return n
    }
}

/// A rule as a run used it.
public struct RuleInfo: Sendable, Equatable {
    /// The rule's id, as in `[rule-id]` after a finding and in suppressions.
    public var id: String
    public var severity: Severity
    /// One line saying what the rule finds.
    public var summary: String

    public init(id: String, severity: Severity, summary: String) {
        (self.id, self.severity, self.summary) = (id, severity, summary)
    }
}

/// A path that could not be linted, or a project file that could not be used.
public struct LintProblem: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A path the user named that cannot be linted.
        case error
        /// A Swift file found in a folder that cannot be read or is not UTF-8: the other files are
        /// linted, and the run fails (status 1), so a file nobody looked at is never a pass.
        case unreadable
        /// Something found on the way that is skipped; the run goes on.
        case warning
    }

    public var kind: Kind
    /// What went wrong, with the path, as the command line prints it after `error:`/`warning:`.
    public var message: String
    /// The file the problem is about, as discovery wrote it, for reports that list files
    /// (`unreadable` problems).
    public var path: String?

    public init(kind: Kind, message: String, path: String? = nil) {
        (self.kind, self.message, self.path) = (kind, message, path)
    }
}
