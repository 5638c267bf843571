import KeychainLintSyntax
import KeychainLintModel
import KeychainLintRules

/// One reported mistake, already placed on a line and column of its file.
public struct Finding: Equatable, Sendable {
    /// The id of the rule that found it.
    public var ruleID: String
    public var severity: Severity
    public var message: String
    /// The path as the user wrote it.
    public var path: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, in bytes of the line's UTF-8 text.
    public var column: Int
    /// 1-based column in UTF-16 code units, as LSP and SARIF count; `column` on an ASCII line.
    public var utf16Column: Int
    /// Where the reported text ends (exclusive): the end of the token at the finding's spot on its
    /// line (`TokenExtent`; the language server's diagnostic range), the spot itself when no
    /// text was known.
    public var end: SourcePosition
    /// The change that removes the finding, when the rule is certain of it (`--fix`, quick fixes,
    /// SARIF `fixes`); its edits are byte ranges of the text that was linted, with line positions.
    public var fix: Fix?

    public init(ruleID: String, severity: Severity, message: String, path: String, line: Int, column: Int,
                utf16Column: Int? = nil, end: SourcePosition? = nil, fix: Fix? = nil) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.utf16Column = utf16Column ?? column
        self.end = end ?? SourcePosition(line: line, column: column, utf16Column: utf16Column ?? column)
        self.fix = fix
    }

    /// Output order: path, line, column, then rule id so equal spots stay deterministic.
    public static func sortedForOutput(_ findings: [Finding]) -> [Finding] {
        findings.sorted {
            if $0.path != $1.path { return $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
            if $0.line != $1.line { return $0.line < $1.line }
            if $0.column != $1.column { return $0.column < $1.column }
            return $0.ruleID < $1.ruleID
        }
    }
}

/// A finding on a dictionary a caller passed into a summarised function: if every call that
/// reaches that operation has it, it is reported once at the operation instead.
package struct RoutedFinding: Hashable, Sendable {
    package var ruleID: String
    package var line: Int
    package var column: Int
    package var sink: SinkSpot
    /// The message without the route, as it reads at the operation.
    package var messageAtSink: String
    /// The function making the operation's call is one of this file's own, which other files
    /// may not see (`private`): the project pass finds its file only this way.
    package var sinkDeclaredHere = false
    /// For another operation the call reaches (`FindingCollector.Alternate`): the message the
    /// call's finding takes when the first operation is reported at its operation and this one is
    /// not; nil for the operation the finding names.
    package var callerMessage: String? = nil
}

/// A finding a file's rules made on an entry of another file's helper. It belongs to the helper's
/// key in the declaring file, once however many files use the helper, so the project run hands it
/// to that file's lint (`Linter.lint(_:relocated:)`), where its suppressions apply.
package struct RelocatedFinding: Hashable, Sendable {
    package var ruleID: String
    package var message: String
    package var helper: String
    /// Offset in the declaring file.
    package var offset: Int

    package init(ruleID: String, message: String, helper: String, offset: Int) {
        self.ruleID = ruleID
        self.message = message
        self.helper = helper
        self.offset = offset
    }
}
