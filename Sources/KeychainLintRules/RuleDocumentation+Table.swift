extension RuleDocumentation {
    /// `rules/<id>.md`: the page's path inside the repository, which the README's table links and
    /// reports name (`ToolInfo.rulePagePath`).
    package static func pagePath(_ id: String) -> String { "rules/\(id).md" }
}

/// The README's rule table, generated from the rules' metadata beside the `rules/<id>.md` pages
/// (`RuleDocumentation`), so the list a user reads first cannot drift from what the tool ships.
/// It sits between two marker comments in README.md; `RuleDocsTests` regenerates it and compares
/// (`KEYCHAIN_LINT_UPDATE_DOCS=1 swift test --filter RuleDocsTests` rewrites it).
package enum RuleTable {
    package static let beginMarker = "<!-- rule-table:begin (generated from the rules' metadata; do not edit by hand) -->"
    package static let endMarker = "<!-- rule-table:end -->"

    /// A README without both marker lines, the begin marker first, has no table to read or replace.
    package enum SpliceError: Error, Equatable, CustomStringConvertible {
        case missingMarkers

        package var description: String {
            "README.md has no rule table between '\(RuleTable.beginMarker)' and '\(RuleTable.endMarker)'"
        }
    }

    /// One row per rule, in `RuleRegistry` order: the id linked to its page, the default severity
    /// (`off` for a rule that runs only when enabled), the one-line summary and whether `--fix`
    /// fixes it.
    package static func markdown(_ rules: [RuleDescription]) -> String {
        var out = "| rule | default | finds | `--fix` |\n| --- | --- | --- | --- |\n"
        for rule in rules {
            let severity = rule.defaultSeverity?.rawValue ?? "off"
            let fix: String
            switch rule.fix?.applicability {
            case nil: fix = ""
            case .safe?: fix = "yes"
            case .unsafe?: fix = "unsafe"
            case .varies?: fix = "yes (some unsafe)"
            }
            out += "| [`\(rule.id)`](\(RuleDocumentation.pagePath(rule.id))) | \(severity) | \(cell(rule.summary)) | \(fix) |\n"
        }
        return out
    }

    /// The table in `text`: the lines between the marker lines, each ending in a line break.
    package static func table(in text: String) throws(SpliceError) -> String {
        let (lines, begin, end) = try markerLines(in: text)
        return lines[(begin + 1)..<end].map { $0 + "\n" }.joined()
    }

    /// `text` with the lines between the marker lines replaced by `table`; the markers and
    /// everything around them stay as they are.
    package static func splice(_ table: String, into text: String) throws(SpliceError) -> String {
        let (lines, begin, end) = try markerLines(in: text)
        return lines[...begin].joined(separator: "\n") + "\n" + table + lines[end...].joined(separator: "\n")
    }

    private static func markerLines(in text: String) throws(SpliceError) -> (lines: [Substring], begin: Int, end: Int) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let begin = lines.firstIndex(where: { $0 == beginMarker }),
              let end = lines[begin...].firstIndex(where: { $0 == endMarker }) else {
            throw .missingMarkers
        }
        return (lines, begin, end)
    }

    /// A summary as one table cell: a `|` would end the cell and `<` could open an HTML tag.
    private static func cell(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "|": out += "\\|"
            case "<": out += "&lt;"
            default: out.append(character)
            }
        }
        return out
    }
}
