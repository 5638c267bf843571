import KeychainLint

/// GitHub Actions workflow commands: each finding becomes an annotation on the pull request.
package struct GitHubReporter: Reporter {
    package static let name = "github"
    package static let summary = "GitHub Actions annotations (::error file=…,line=…,col=…::message)"

    package init() {}

    package func report(_ result: LintResult) -> String {
        var out = ""
        for f in result.findings {
            out += "::\(f.severity.rawValue) file=\(Self.property(f.path)),line=\(f.line),col=\(f.column),title=\(Self.property(f.ruleID))::\(Self.data(f.message))\n"
        }
        return out
    }

    /// The escaping GitHub's toolkit applies to a command's message.
    static func data(_ s: String) -> String {
        s.replacingAll(["%": "%25", "\r": "%0D", "\n": "%0A"])
    }

    /// The escaping for property values, which also end at `:` and `,`.
    static func property(_ s: String) -> String {
        s.replacingAll(["%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C"])
    }
}
