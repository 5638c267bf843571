import KeychainLintSyntax
import KeychainLintModel
/// Renders a rule's page (`rules/<id>.md`) from its description, so the page cannot drift from the code.
package enum RuleDocumentation {
    /// The line the checked-in page carries for contributors, under its title. It says nothing to
    /// a user, so `keychain-lint explain` prints the page without it.
    package static let contributorNote = "*Generated from the rule's source; do not edit by hand.*\n\n"

    /// The checked-in page, `rules/<id>.md`: the explanation with the contributor note under its title.
    package static func markdown(for rule: RuleDescription) -> String {
        let title = "# `\(rule.id)`\n\n"
        return title + contributorNote + explanation(for: rule).dropFirst(title.count)
    }

    /// What `keychain-lint explain RULE` prints: the page for a reader of the rule, without notes
    /// for those who change it.
    package static func explanation(for rule: RuleDescription) -> String {
        var out = "# `\(rule.id)`\n\n"
        out += "**Default:** " + (rule.isEnabledByDefault ? rule.defaultSettingName : "off (enable with `--enable \(rule.id)`)") + "\n\n"
        out += rule.summary + "\n\n"
        out += "## Why it matters\n\n" + rule.rationale + "\n\n"
        out += "## How to fix\n\n" + rule.howToFix + "\n\n"
        if let fix = rule.fix { out += automaticFix(fix) }
        out += "## Triggering examples\n\n"
        out += "`↓` marks where the finding is reported.\n\n"
        out += examples(rule.triggering)
        out += "## Non-triggering examples\n\n"
        out += examples(rule.nonTriggering)
        return out
    }

    /// The fix's section: what it does, then each example as the code before and after it (or
    /// the code it leaves alone, and why).
    private static func automaticFix(_ fix: RuleFix) -> String {
        var out = "## Automatic fix\n\n" + applies(fix.applicability) + " " + fix.summary + "\n\n"
        out += "### Items already stored\n\n" + fix.storedItems + "\n\n"
        for example in fix.examples {
            if let note = example.note { out += note + "\n\n" }
            guard let after = example.after else {
                out += "Reported, not fixed:\n\n```swift\n" + example.before + "\n```\n\n"
                continue
            }
            out += "Before:\n\n```swift\n" + example.before + "\n```\n\nAfter:\n\n```swift\n" + after + "\n```\n\n"
        }
        return out
    }

    /// Who applies the fix, by its applicability.
    private static func applies(_ applicability: RuleFix.Applicability) -> String {
        switch applicability {
        case .safe:
            return "The fix is safe: `keychain-lint --fix` applies it, and SARIF and JSON reports carry it as a suggested change."
        case .unsafe:
            return "The fix is unsafe, because it changes which items already stored the code finds: `keychain-lint --fix --unsafe-fixes` applies it (plain `--fix` does not), editors offer it with what it changes in its title but never as the preferred fix, and SARIF and JSON reports mark it `unsafe`."
        case .varies:
            return "The fix is safe in some code and unsafe in other code (below): `keychain-lint --fix` applies the safe ones, `--fix --unsafe-fixes` the others too, and SARIF and JSON reports mark each."
        }
    }

    private static func examples(_ list: [RuleExample]) -> String {
        var out = ""
        for example in list where !example.excludeFromDocumentation {
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
