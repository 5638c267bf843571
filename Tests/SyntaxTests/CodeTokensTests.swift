import XCTest
import KeychainLintSyntax

/// The code stream the lexer's own pass keeps: `#if` lines leave it with their conditions, and
/// line breaks inside tokens are reported. The fuzz invariant that replays it against the lossless
/// stream is in RobustnessTests (CodeStreamInvariantTests).
final class CodeTokensTests: XCTestCase {
    func testDirectiveLinesLeaveTheStreamWithTheirConditions() {
        let code = CodeTokens(Array("a\n#if os(iOS) // c\nb\n#endif\nc".utf8))
        XCTAssertEqual(code.directives.map(\.word), ["#if", "#endif"])
        XCTAssertEqual(code.directives.map(\.condition), [" os(iOS) ", ""])
        XCTAssertEqual(code.directives.map(\.codeIndex), [1, 2])
        XCTAssertEqual(code.tokens.count, 3)
        XCTAssertEqual(code.startsLine, [true, true, true])
    }

    /// Multi-line strings report their own line breaks (the sink never rescans them).
    func testLineStartsInsideAMultilineString() {
        let bytes = Array("s = \"\"\"\na\r\nb\\\nc\r\"\"\"\n".utf8)
        XCTAssertEqual(CodeTokens(bytes).lineStarts, [0, 8, 11, 14, 16, 20])
        XCTAssertEqual(LineMap(bytes).lineStarts, [0, 8, 11, 14, 16, 20])
    }
}
