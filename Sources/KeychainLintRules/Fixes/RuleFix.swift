import KeychainLintSyntax

/// A rule's automatic fix as its page, `keychain-lint rules` and the README's table describe it,
/// with examples the tests hold the fix to: each `before` is fixed (every round, as `--fix` does)
/// and must become `after`, which the rule must then find nothing in.
package struct RuleFix: Sendable {
    /// What the fix does, one sentence.
    package var summary: String
    package var examples: [FixExample]

    package init(_ summary: String, examples: [FixExample]) {
        self.summary = summary
        self.examples = examples
    }
}

/// Code before and after the fix; `after` nil for code the rule reports but does not fix, because
/// the right edit is not certain there (the note says why).
package struct FixExample: Sendable {
    package var before: String
    package var after: String?
    package var platforms: PlatformSet
    package var note: String?
    /// Where the example is written, so a failing one is reported in the rule's source.
    package let file: StaticString
    package let line: UInt

    package init(_ before: String, fixed after: String?, platforms: PlatformSet = .all, note: String? = nil,
                 file: StaticString = #filePath, line: UInt = #line) {
        self.before = before
        self.after = after
        self.platforms = platforms
        self.note = note
        self.file = file
        self.line = line
    }
}
