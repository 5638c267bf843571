import KeychainLintSyntax

/// A rule's automatic fix as its page, `keychain-lint rules` and the README's table describe it,
/// with examples the tests hold the fix to: each `before` is fixed (every round, as `--fix` does)
/// and must become `after`, which the rule must then find nothing in.
package struct RuleFix: Sendable {
    /// Whether `--fix` applies the rule's fixes unasked.
    package enum Applicability: Sendable {
        /// Every fix of the rule is safe.
        case safe
        /// Every fix of the rule is unsafe: `--unsafe-fixes` applies them.
        case unsafe
        /// Safe in some code and unsafe in other code, as the page says.
        case varies
    }

    /// What the fix does, one sentence.
    package var summary: String
    package var applicability: Applicability
    /// What the fix changes for the items a previous version of the app already stored, and
    /// how to move them where the fixed code looks: the page's "Items already stored".
    package var storedItems: String
    package var examples: [FixExample]

    package init(_ summary: String, applicability: Applicability, storedItems: String, examples: [FixExample]) {
        self.summary = summary
        self.applicability = applicability
        self.storedItems = storedItems
        self.examples = examples
    }

    /// `[fix]` or `[unsafe fix]` at the end of a rule's line in `keychain-lint rules`.
    package var listingTag: String { applicability == .unsafe ? "[unsafe fix]" : "[fix]" }
}

/// Code before and after the fix; `after` nil for code the rule reports but does not fix, because
/// the right edit is not certain there (the note says why).
package struct FixExample: Sendable {
    package var before: String
    package var after: String?
    /// The applicability of every fix the example is offered (the tests hold it to that).
    package var applicability: FixApplicability
    package var platforms: PlatformSet
    package var note: String?
    /// Where the example is written, so a failing one is reported in the rule's source.
    package let file: StaticString
    package let line: UInt

    package init(_ before: String, fixed after: String?, applicability: FixApplicability = .safe, platforms: PlatformSet = .all,
                 note: String? = nil, file: StaticString = #filePath, line: UInt = #line) {
        self.before = before
        self.after = after
        self.applicability = applicability
        self.platforms = platforms
        self.note = note
        self.file = file
        self.line = line
    }
}
