import KeychainLint

/// Checkstyle XML, read by Jenkins, GitLab and most CI dashboards.
package struct CheckstyleReporter: Reporter {
    package static let name = "checkstyle"
    package static let summary = "Checkstyle XML"

    package init() {}

    package func report(_ result: LintResult) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        var current: String?
        for f in result.findings {
            if f.path != current {
                if current != nil { out += "</file>\n" }
                out += "<file name=\"\(XMLText.escaped(f.path))\">\n"
                current = f.path
            }
            out += "<error line=\"\(f.line)\" column=\"\(f.column)\" severity=\"\(f.severity.rawValue)\" message=\"\(XMLText.escaped(f.message))\" source=\"keychain-lint.\(XMLText.escaped(f.ruleID))\"/>\n"
        }
        if current != nil { out += "</file>\n" }
        return out + "</checkstyle>\n"
    }
}
