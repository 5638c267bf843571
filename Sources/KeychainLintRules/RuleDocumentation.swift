import KeychainLintSyntax
import KeychainLintModel
/// Renders a rule's page (`rules/<id>.md`) from its description, so the page cannot drift from the code.
package enum RuleDocumentation {
    package static func markdown(for rule: RuleDescription) -> String {
        var out = "# `\(rule.id)`\n\n"
        out += "*Generated from the rule's source; do not edit by hand.*\n\n"
        out += "**Default:** " + (rule.isEnabledByDefault ? rule.defaultSettingName : "off (enable with `--enable \(rule.id)`)") + "\n\n"
        out += rule.summary + "\n\n"
        out += "## Why it matters\n\n" + rule.rationale + "\n\n"
        out += "## How to fix\n\n" + rule.howToFix + "\n\n"
        out += "## Triggering examples\n\n"
        out += "`↓` marks where the finding is reported.\n\n"
        out += examples(rule.triggering)
        out += "## Non-triggering examples\n\n"
        out += examples(rule.nonTriggering)
        return out
    }

    private static func examples(_ list: [RuleExample]) -> String {
        var out = ""
        for example in list {
            var notes: [String] = []
            if let note = example.note { notes.append(note) }
            if example.platforms != .all {
                notes.append("Project platforms: " + example.platforms.platforms.map(\.rawValue).joined(separator: ", ") + ".")
            }
            if !notes.isEmpty { out += notes.joined(separator: " ") + "\n\n" }
            if let plist = example.entitlements { out += "With this entitlements file in the project:\n\n```xml\n" + plist + "\n```\n\n" }
            out += (example.isEntitlementsFile ? "```xml\n" : "```swift\n") + example.code + "\n```\n\n"
        }
        return out
    }
}
