import KeychainLintSyntax
import KeychainLint
import KeychainLintRules

/// Facts about the tool that reports print: its version and where each rule's page lives.
package enum ToolInfo {
    /// The one place the version lives; `--version` and SARIF's `tool.driver.version` print it.
    package static let version = "0.1.0"
    /// The repository's web address. SARIF needs an absolute `helpUri` (its schema says
    /// `"format": "uri"`, and a relative reference fails that check), so rule pages are linked here.
    package static let repositoryURL = "https://github.com/keychain-lint/keychain-lint"

    /// `rules/<id>.md`: the page's path inside the repository (the JSON report's `help`).
    package static func rulePagePath(_ id: String) -> String { "rules/\(id).md" }

    /// The page's absolute URI, on the default branch.
    package static func rulePageURI(_ id: String) -> String { "\(repositoryURL)/blob/main/\(rulePagePath(id))" }

    /// `identity-add` → `IdentityAdd`: the rule's name in SARIF and JSON.
    package static func ruleName(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
