import KeychainLintRules

/// Facts about the tool that reports, the language server and the command line print: its version
/// and where each rule's page lives. In the engine, so that each of them reads it without depending
/// on another.
package enum ToolInfo {
    /// The one place the version lives; `--version` and SARIF's `tool.driver.version` print it.
    package static let version = "0.1.0"
    /// The repository's web address. SARIF needs an absolute `helpUri` (its schema says
    /// `"format": "uri"`, and a relative reference fails that check), so rule pages are linked here.
    package static let repositoryURL = "https://github.com/keychain-lint/keychain-lint"

    /// `rules/<id>.md`: the page's path inside the repository (the JSON report's `help`).
    package static func rulePagePath(_ id: String) -> String { RuleDocumentation.pagePath(id) }

    /// The page's absolute URI at the tag of this version (`v0.1.0`, as `make release` tags it), so
    /// a report (SARIF `helpUri`, JSON `helpUri`, the language server's `codeDescription`) links
    /// the page of the rule that produced it, not the default branch's page, which may have changed.
    package static func rulePageURI(_ id: String) -> String { "\(repositoryURL)/blob/v\(version)/\(rulePagePath(id))" }

    /// `identity-add` → `IdentityAdd`: the rule's name in SARIF and JSON.
    package static func ruleName(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
