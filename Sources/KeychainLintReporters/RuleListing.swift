import KeychainLintRules

/// `keychain-lint rules`: one line per rule, or a JSON array: an output of the command, so it is
/// written with the reporters' `JSONWriter`.
package enum RuleListing {
    package static func text(_ rules: [any Rule.Type]) -> String {
        let width = rules.map { $0.description.id.count }.max() ?? 0
        return rules.map { rule in
            let d = rule.description
            return padded(d.id, to: width + 2) + padded(d.defaultSettingName, to: 9) + d.summary
                + (d.fix.map { " " + $0.listingTag } ?? "")
        }.joined(separator: "\n") + "\n"
    }

    /// `text` and spaces up to `width` characters (ids and severities are ASCII, never wider).
    private static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    package static func json(_ rules: [any Rule.Type]) -> String {
        let items = rules.map { rule -> String in
            let d = rule.description
            return "{\"id\":\(JSONWriter.quoted(d.id)),\"severity\":\(JSONWriter.quoted(d.defaultSettingName)),\"summary\":\(JSONWriter.quoted(d.summary)),\"fixable\":\(d.fix != nil)" + (d.fix.map { ",\"fixApplicability\":\"\($0.applicability)\"" } ?? "") + "}"
        }
        return "[" + items.joined(separator: ",") + "]\n"
    }
}
