import XCTest
import KeychainLint
import KeychainLintSyntax

/// The normalised text of a finding's line, which baselines match on so that findings survive
/// edits above them (BaselineTests in CLITests uses it end to end).
final class LineTextTests: XCTestCase {
    func testLineTextNormalisation() {
        XCTAssertEqual(LineText.normalised(" \t a  \t b\u{0C}c  "), "a b c")
        XCTAssertEqual(LineText.normalised(""), "")
        XCTAssertEqual(LineText.lines([1, 2, 3, 4, 9], in: Array("\u{FEFF}  x\r\n\ty  z\rlast\n".utf8)), [1: "x", 2: "y z", 3: "last", 4: ""])
    }

    /// The CLI takes line texts from the lint's own line starts; they must give what a fresh scan gives.
    func testLineTextFromTheLintsLineStartsMatchesAFreshScan() {
        let text = "\u{FEFF}import Security\r\nlet q = [kSecClass: kSecClassGenericPassword,\r  kSecAttrService: \"https://a.example.com\"]\nSecItemAdd(q as CFDictionary, nil)\n"
        let bytes = Array(text.utf8)
        let analysis = Linter(rules: Linter.defaultRules).analyze(path: "a.swift", bytes: bytes, platforms: .all)
        XCTAssertFalse(analysis.findings.isEmpty)
        XCTAssertEqual(analysis.lineStarts, LineMap(bytes).lineStarts)
        let numbers: Set<Int> = [1, 2, 3, 4, 5, 6]
        XCTAssertEqual(LineText.lines(numbers, in: bytes, lineStarts: analysis.lineStarts), LineText.lines(numbers, in: bytes))
        XCTAssertEqual(LineText.lines(numbers, in: bytes, lineStarts: analysis.lineStarts)[3], "kSecAttrService: \"https://a.example.com\"]")
    }
}
