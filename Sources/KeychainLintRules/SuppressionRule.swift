/// What a rule of kind `.suppression` judges. Its findings come from the `keychain-lint:` comments
/// the linter reads once per file for every rule (`Suppressions`), not from `check`, so a file's
/// comments are not searched again for each of them.
package enum SuppressionCheck: Sendable {
    /// Comments that read as a command but cannot be one (`Suppressions.malformed`). Judged first:
    /// its findings can be suppressed like any other, which uses the directives that hide them.
    case unreadableComment
    /// Directives that hid no finding once every other rule ran.
    case unusedDirective
}

/// A rule of kind `.suppression`: the linter finds the active rules of that kind and asks each
/// which check it reports, so the linter names no rule.
package protocol SuppressionRule: Rule {
    static var suppressionCheck: SuppressionCheck { get }
}

extension InvalidSuppression: SuppressionRule {
    package static let suppressionCheck = SuppressionCheck.unreadableComment
}

extension SuperfluousSuppression: SuppressionRule {
    package static let suppressionCheck = SuppressionCheck.unusedDirective
}
