import KeychainLint

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
        JUnitReporter.self,
        CodeClimateReporter.self,
        SummaryReporter.self,
    ]

    package static var defaultName: String { all[0].name }

    package static var names: [String] { all.map { $0.name } }

    package static func reporter(named name: String) -> (any Reporter)? {
        all.first { $0.name == name }.map { $0.init() }
    }
}
