/// One file's bytes with its code tokens and line map, computed once, in one pass, and shared
/// by every layer. The lossless token stream is made only on request.
@usableFromInline package final class SourceFile: @unchecked Sendable {
    /// The path as the user wrote it (relative stays relative); used only for reporting.
    package let path: String
    @usableFromInline package let bytes: [UInt8]
    package let code: CodeTokens
    package let lineMap: LineMap

    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        code = CodeTokens(bytes)
        lineMap = LineMap(lineStarts: code.lineStarts)
    }

    /// Every token, trivia included, lexed anew on each call: for the few readers that need
    /// comments (suppression directives), and for tests.
    package func allTokens() -> [Token] {
        Tokenizer.tokenize(bytes)
    }

    package convenience init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The token's text. Allocates: call it on the few tokens a decision needs, not in loops over every token.
    package func text(_ token: Token) -> String {
        String(decoding: bytes[token.range], as: UTF8.self)
    }

    package func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// Compares a token's bytes with an ASCII literal without allocating.
    @inlinable @inline(__always)
    package func token(_ token: Token, is literal: StaticString) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard token.length == n else { return false }
        let start = Int(token.start)
        return literal.withUTF8Buffer { lit in
            var i = 0
            while i < n {
                if bytes[start + i] != lit[i] { return false }
                i += 1
            }
            return true
        }
    }

    /// Whether the token's bytes begin with an ASCII literal.
    @inlinable @inline(__always)
    package func token(_ token: Token, hasPrefix literal: StaticString) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard token.length >= n else { return false }
        let start = Int(token.start)
        return literal.withUTF8Buffer { lit in
            var i = 0
            while i < n {
                if bytes[start + i] != lit[i] { return false }
                i += 1
            }
            return true
        }
    }

    package func location(of offset: Int) -> SourceLocation {
        lineMap.location(of: offset)
    }
}
