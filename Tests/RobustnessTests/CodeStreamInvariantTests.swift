import XCTest
import KeychainLintFuzzChecks
import KeychainLintSyntax

/// The code stream is made by the lexer's own pass, keeping only code; the fuzz invariant
/// replays the lossless stream the simple way and compares. These inputs aim at the spots where
/// the two could part: line breaks inside tokens, `#if` lines, comments inside them.
final class CodeStreamInvariantTests: XCTestCase {
    private let inputs: [String] = [
        "let a = 1\nlet b = a\r\nlet c = b\rlet d = c",
        "let s = \"\"\"\n  one\r\n  two\r  three \\\n  four \\\r\n  five \\\r  six \\(x)\n  \"\"\"\nlet t = 1",
        "let r = #\"\"\"\n  raw \\#(x)\n  \\#\n  \"\"\"#\n",
        "/* one\n two */ a /* same line */ b\n/** doc\r\n */\nc",
        "#if os(iOS) // comment\nlet a = 1\n#elseif os(macOS) && /* c */ DEBUG\nlet b = 2\n#else\nlet c = 3\n#endif\nlet d = 4",
        "#if A /* spans\nlines */ && B\nx\n#endif",
        "let x = #/\n  a+ \\\n  b\n  /#\nlet y = /ab/\n",
        "let u = \"unterminated\nlet v = \"a\\(\"b\nc",
        "\u{FEFF}let bom = 1\n#endif",
        "#if X",
        "",
        "\n\r\n\r",
    ]

    func testTheCodeStreamAgreesWithTheLosslessStream() {
        for input in inputs {
            let bytes = Array(input.utf8)
            XCTAssertEqual(PipelineInvariants.codeStream(bytes, Tokenizer.tokenize(bytes)), [], input)
        }
    }

    /// The check itself must be able to fail.
    func testTheInvariantCatchesADifferentStream() {
        let bytes = Array("a b\nc".utf8)
        var lossless = Tokenizer.tokenize(bytes)
        lossless.removeLast()
        XCTAssertFalse(PipelineInvariants.codeStream(bytes, lossless).isEmpty)
    }
}
