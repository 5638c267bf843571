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
                out += "<file name=\"\(Self.escape(f.path))\">\n"
                current = f.path
            }
            out += "<error line=\"\(f.line)\" column=\"\(f.column)\" severity=\"\(f.severity.rawValue)\" message=\"\(Self.escape(f.message))\" source=\"keychain-lint.\(Self.escape(f.ruleID))\"/>\n"
        }
        if current != nil { out += "</file>\n" }
        return out + "</checkstyle>\n"
    }

    /// Escapes markup and replaces characters XML 1.0 forbids, so any text yields well-formed XML.
    static func escape(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            default:
                let v = scalar.value
                let allowed = v >= 0x20 && !(0xD800...0xDFFF).contains(v) && v != 0xFFFE && v != 0xFFFF
                out.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return out
    }
}
