import KeychainLint

/// Counts per rule, for people reading a terminal or a CI log.
package struct SummaryReporter: Reporter {
    package static let name = "summary"
    package static let summary = "counts per rule"

    package init() {}

    package func report(_ result: LintResult) -> String {
        var counts: [String: (errors: Int, warnings: Int)] = [:]
        for f in result.findings {
            var c = counts[f.ruleID] ?? (0, 0)
            if f.severity == .error { c.errors += 1 } else { c.warnings += 1 }
            counts[f.ruleID] = c
        }
        let ids = counts.keys.sorted()
        // "total" is the longest label when there are no findings, or only short ids.
        let width = max("total".count, ids.map(\.count).max() ?? 0)
        func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(1, n - s.count)) }
        var out = pad("rule", width + 2) + "errors  warnings\n"
        for id in ids {
            let c = counts[id]!
            out += pad(id, width + 2) + pad(String(c.errors), 8) + String(c.warnings) + "\n"
        }
        let files = Set(result.findings.map(\.path)).count
        out += pad("total", width + 2) + pad(String(result.errorCount), 8) + String(result.warningCount) + "\n"
        out += "\(result.findings.count) finding\(result.findings.count == 1 ? "" : "s") in \(files) of \(result.filesLinted) file\(result.filesLinted == 1 ? "" : "s")\n"
        return out
    }
}
