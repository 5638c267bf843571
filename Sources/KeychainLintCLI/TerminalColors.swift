import Foundation

/// `--color auto|always|never`: whether the text report colours what it prints.
package enum ColorChoice: String, Sendable {
    /// On a terminal, unless `NO_COLOR` is set (no-color.org) or `TERM` is `dumb`.
    case auto
    case always
    case never

    /// Whether to colour output written to a sink that is (or is not) a terminal.
    func colors(terminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            return terminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
    }
}

/// ANSI colours for the default report, as clang and SwiftLint print on a terminal: the location
/// bold, `error` red and `warning` yellow (both bold), the rule id dim. Only ever on a terminal or
/// when asked: a problem matcher reads the plain text.
enum TerminalColors {
    private static let bold = "\u{1B}[1m", red = "\u{1B}[1;31m", yellow = "\u{1B}[1;33m", dim = "\u{1B}[2m", reset = "\u{1B}[0m"

    /// Each `path:line:column: severity: message [rule-id]` line of `report` coloured; other lines as they are.
    static func highlight(_ report: String) -> String {
        var out = ""
        out.reserveCapacity(report.utf8.count + report.utf8.count / 4)
        for line in report.split(separator: "\n", omittingEmptySubsequences: false) {
            if !out.isEmpty || line.startIndex != report.startIndex { out += "\n" }
            out += highlight(line: line)
        }
        return out
    }

    private static func highlight(line: Substring) -> String {
        for (severity, color) in [("error", red), ("warning", yellow)] {
            guard let mark = line.range(of: ": \(severity): ") else { continue }
            let location = line[..<mark.lowerBound]
            var message = line[mark.upperBound...]
            var rule = ""
            if message.hasSuffix("]"), let open = message.range(of: " [", options: .backwards) {
                rule = " " + dim + message[message.index(after: open.lowerBound)...] + reset
                message = message[..<open.lowerBound]
            }
            return bold + location + ":" + reset + " " + color + severity + ":" + reset + " " + message + rule
        }
        return String(line)
    }
}
