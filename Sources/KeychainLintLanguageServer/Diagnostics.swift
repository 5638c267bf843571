import KeychainLint
import KeychainLintReporters

/// Findings as LSP diagnostics. A finding is a point (line and byte column); the diagnostic
/// spans the token that starts there, so the editor underlines the constant, key or string the
/// rule reports rather than one character.
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

    /// The finding's spot to the end of the token there, on its line: an identifier (a `kSec…`
    /// constant, a wrapper's argument label), a string literal, or an XML tag in an
    /// entitlements file; anything else is one character.
    package static func range(of finding: Finding, in document: TextDocument) -> TextRange {
        let start = document.offset(ofLine: finding.line, byteColumn: finding.column)
        let startPosition = document.position(ofByte: start)
        let line = document.lineBytes(startPosition.line)
        let end = tokenEnd(from: start, in: line)
        return TextRange(start: startPosition, end: document.position(ofByte: end))
    }

    /// Where the token that starts at `start` ends, within `line`.
    static func tokenEnd(from start: Int, in line: ArraySlice<UInt8>) -> Int {
        guard start < line.endIndex else { return start }
        var i = start
        let first = line[i]
        if isIdentifierByte(first) {
            while i < line.endIndex, isIdentifierByte(line[i]) { i += 1 }
            return i
        }
        let closing: UInt8? = first == UInt8(ascii: "\"") ? first : first == UInt8(ascii: "<") ? UInt8(ascii: ">") : nil
        if let closing, let close = line[(start + 1)...].firstIndex(of: closing) { return close + 1 }
        i += 1
        // One character: its continuation bytes too.
        while i < line.endIndex, line[i] & 0xC0 == 0x80 { i += 1 }
        return i
    }

    /// Letters, digits, `_`, `$` and any non-ASCII byte (Swift identifiers may hold Unicode letters).
    private static func isIdentifierByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...:
            return true
        default:
            return false
        }
    }
}
