import Foundation
import XCTest
import KeychainLintSyntax

/// A token as the tests see it: its kind and its text.
struct Tok: Equatable, CustomStringConvertible {
    var kind: TokenKind
    var text: String
    init(_ kind: TokenKind, _ text: String) {
        self.kind = kind
        self.text = text
    }
    var description: String { "\(kind)(\(text.debugDescription))" }
}

/// Asserts the tokenizer's invariants: tokens in order, contiguous, non-empty, covering every byte.
func assertLossless(_ bytes: [UInt8], _ tokens: [Token], _ label: @autoclosure () -> String = "",
                    file: StaticString = #filePath, line: UInt = #line) {
    var pos = 0
    for (k, t) in tokens.enumerated() {
        guard Int(t.start) == pos, t.end > t.start else {
            XCTFail("token \(k) \(t) breaks coverage at \(pos) \(label())", file: file, line: line)
            return
        }
        pos = Int(t.end)
    }
    XCTAssertEqual(pos, bytes.count, "tokens do not reach the end \(label())", file: file, line: line)
}

/// The tokenizer tests' shared vocabulary: short constructors for expected tokens and the helpers
/// that lex a source and check it stays lossless. The tests are split by topic into subclasses
/// (`TokenizerWordTests`, `TokenizerLiteralTests`, `TokenizerLosslessTests`).
class TokenizerTestCase: XCTestCase {
    // Short constructors for the tables.
    func id(_ s: String) -> Tok { Tok(.identifier, s) }
    func kw(_ s: String) -> Tok { Tok(.keyword, s) }
    func int(_ s: String) -> Tok { Tok(.integerLiteral, s) }
    func flt(_ s: String) -> Tok { Tok(.floatLiteral, s) }
    func op(_ s: String) -> Tok { Tok(.operator, s) }
    func ss(_ s: String = "\"") -> Tok { Tok(.stringStart, s) }
    func seg(_ s: String) -> Tok { Tok(.stringSegment, s) }
    func se(_ s: String = "\"") -> Tok { Tok(.stringEnd, s) }
    func istart(_ s: String = "\\(") -> Tok { Tok(.interpolationStart, s) }
    let iend = Tok(.interpolationEnd, ")")
    func rx(_ s: String) -> Tok { Tok(.regexLiteral, s) }
    func dir(_ s: String) -> Tok { Tok(.poundDirective, s) }
    func pk(_ s: String) -> Tok { Tok(.poundKeyword, s) }
    func unk(_ s: String) -> Tok { Tok(.unknown, s) }
    let lp = Tok(.leftParen, "("), rp = Tok(.rightParen, ")")
    let lb = Tok(.leftBracket, "["), rb = Tok(.rightBracket, "]")
    let lc = Tok(.leftBrace, "{"), rc = Tok(.rightBrace, "}")
    let comma = Tok(.comma, ","), colon = Tok(.colon, ":"), semi = Tok(.semicolon, ";")
    let dot = Tok(.period, "."), at = Tok(.at, "@"), bs = Tok(.backslash, "\\")
    func ws(_ s: String = " ") -> Tok { Tok(.whitespace, s) }
    func nl(_ s: String = "\n") -> Tok { Tok(.newline, s) }

    func all(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> [Tok] {
        let tokens = Tokenizer.tokenize(bytes)
        assertLossless(bytes, tokens, file: file, line: line)
        return tokens.map { Tok($0.kind, String(decoding: bytes[$0.range], as: UTF8.self)) }
    }

    func all(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> [Tok] {
        all(Array(source.utf8), file: file, line: line)
    }

    /// The non-trivia tokens.
    func sig(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> [Tok] {
        all(source, file: file, line: line).filter { !$0.kind.isTrivia }
    }

    func check(_ cases: [(String, [Tok])], file: StaticString = #filePath, line: UInt = #line) {
        for (source, expected) in cases {
            let got = sig(source, file: file, line: line)
            XCTAssertEqual(got, expected, "source: \(source.debugDescription)", file: file, line: line)
        }
    }
}
