import KeychainLint
import KeychainLintSyntax

/// Findings as LSP diagnostics. A finding is reported at a point (line and byte column); the
/// diagnostic spans the token that starts there in the open document (`TokenExtent`), so the
/// editor underlines the constant, key or string the rule reports rather than one character.
package enum Diagnostics {
    /// The diagnostics' `source`, shown by most clients before the message.
    package static let source = "keychain-lint"

    package static func diagnostic(_ finding: Finding, in document: TextDocument) -> JSONObject {
        [
            "range": range(of: finding, in: document).json,
            "severity": severity(finding.severity),
            "code": finding.ruleID,
            "codeDescription": ["href": ToolInfo.rulePageURI(finding.ruleID)],
            "source": source,
            "message": finding.message,
        ]
    }

    /// LSP's `DiagnosticSeverity`: 1 error, 2 warning.
    static func severity(_ severity: Severity) -> Int {
        switch severity {
        case .error: return 1
        case .warning: return 2
        }
    }

    /// The finding's spot to the end of the token there, on its line (`TokenExtent`, which also
    /// gives JSON findings their end): an identifier (a `kSec…` constant, a wrapper's argument
    /// label), a string literal, or an XML tag in an entitlements file; anything else is one character.
    package static func range(of finding: Finding, in document: TextDocument) -> TextRange {
        let start = document.offset(ofLine: finding.line, byteColumn: finding.column)
        let startPosition = document.position(ofByte: start)
        let end = TokenExtent.end(from: start, in: document.lineBytes(startPosition.line))
        return TextRange(start: startPosition, end: document.position(ofByte: end))
    }
}
