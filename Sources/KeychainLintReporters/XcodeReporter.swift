import KeychainLintRules

/// `path:line:column: error|warning: message [rule-id]`, one finding per line: the format
/// Xcode, swiftc and most editors turn into clickable diagnostics. Nothing else is printed.
package struct XcodeReporter: Reporter {
    package static let name = "xcode"
    package static let summary = "path:line:column: severity: message [rule-id] (default)"

    package init() {}

    package func report(_ result: LintResult) -> String {
        var out = ""
        for f in result.findings {
            out += "\(Self.oneLine(f.path)):\(f.line):\(f.column): \(f.severity.rawValue): \(Self.oneLine(f.message)) [\(f.ruleID)]\n"
        }
        return out
    }

    /// The format is line-oriented: a line break inside a message (or a path: file names may hold
    /// one) would start a bogus diagnostic.
    static func oneLine(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return s }
        var out = ""
        var lastWasCR = false
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\r": out += " "; lastWasCR = true; continue
            case "\n": if !lastWasCR { out += " " }
            default: out.unicodeScalars.append(scalar)
            }
            lastWasCR = false
        }
        return out
    }
}
