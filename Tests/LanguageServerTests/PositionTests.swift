import XCTest
@testable import KeychainLintLanguageServer
import KeychainLint

/// LSP positions count UTF-16 code units; the linter counts UTF-8 bytes. `é` is 2 bytes and 1
/// unit, `€` 3 bytes and 1 unit, `😀` 4 bytes and 2 units.
final class PositionTests: XCTestCase {
    private let line = "let s = \"é€😀\"; let a = kSecAttrAccessibleAlways"

    func testUTF16CountOfEachWidth() {
        let bytes = ArraySlice(Array("aé€😀b".utf8))
        XCTAssertEqual(UTF16Columns.utf16Count(ofFirst: 1, in: bytes), 1)
        XCTAssertEqual(UTF16Columns.utf16Count(ofFirst: 3, in: bytes), 2)   // a é
        XCTAssertEqual(UTF16Columns.utf16Count(ofFirst: 6, in: bytes), 3)   // a é €
        XCTAssertEqual(UTF16Columns.utf16Count(ofFirst: 10, in: bytes), 5)  // a é € 😀
        XCTAssertEqual(UTF16Columns.utf16Count(ofFirst: 11, in: bytes), 6)
        XCTAssertEqual(UTF16Columns.utf16Count(ofFirst: 99, in: bytes), 6)
    }

    func testByteOffsetOfUTF16Offset() {
        let bytes = ArraySlice(Array("aé€😀b".utf8))
        XCTAssertEqual([0, 1, 2, 3, 5, 6, 7].map { UTF16Columns.byteOffset(ofUTF16: $0, in: bytes) }, [0, 1, 3, 6, 10, 11, 11])
        // Inside the surrogate pair of 😀: the character's start.
        XCTAssertEqual(UTF16Columns.byteOffset(ofUTF16: 4, in: bytes), 6)
    }

    func testRoundTripAgainstFoundation() {
        let text = "x😀é\u{1F1EB}\u{1F1F7}€z"
        let bytes = Array(text.utf8)
        for end in text.indices + [text.endIndex] {
            let byteOffset = text.utf8.distance(from: text.startIndex, to: end)
            let units = text.utf16.distance(from: text.startIndex, to: end)
            XCTAssertEqual(UTF16Columns.utf16Count(ofFirst: byteOffset, in: bytes[...]), units)
            XCTAssertEqual(UTF16Columns.byteOffset(ofUTF16: units, in: bytes[...]), byteOffset)
        }
    }

    func testFindingAfterMultiByteTextMapsToUTF16Character() throws {
        let document = TextDocument(uri: "file:///p/a.swift", version: 1, languageID: "swift", text: "import Security\n" + line + "\n")
        let byteColumn = Array(line.utf8).count - "kSecAttrAccessibleAlways".utf8.count + 1
        let finding = Finding(ruleID: "deprecated-accessibility", severity: .warning, message: "m", path: "/p/a.swift", line: 2, column: byteColumn)
        let range = Diagnostics.range(of: finding, in: document)
        let expected = line.utf16.count - "kSecAttrAccessibleAlways".utf16.count
        XCTAssertEqual(range.start, Position(line: 1, character: expected))
        XCTAssertEqual(range.end, Position(line: 1, character: line.utf16.count))
        // The byte column is larger by the bytes é€😀 take beyond their UTF-16 units: 1 + 2 + 2.
        XCTAssertEqual(byteColumn - 1 - expected, 5)
    }

    func testIncrementalEditWithUTF16Range() {
        var document = TextDocument(uri: "file:///p/a.swift", version: 1, languageID: "swift", text: line + "\nnext\n")
        let start = line.utf16.count - "Always".utf16.count
        document.replace(TextRange(start: Position(line: 0, character: start), end: Position(line: 0, character: line.utf16.count)),
                         with: "AfterFirstUnlock")
        XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self),
                       "let s = \"é€😀\"; let a = kSecAttrAccessibleAfterFirstUnlock\nnext\n")
        // An insertion spanning lines, then one at a position past the end of a line (clamped).
        document.replace(TextRange(start: Position(line: 1, character: 0), end: Position(line: 1, character: 0)), with: "a\nb")
        XCTAssertEqual(document.lineCount, 4)
        document.replace(TextRange(start: Position(line: 2, character: 99), end: Position(line: 2, character: 99)), with: "!")
        XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self).split(separator: "\n").last, "bnext!")
        // A line past the end is the document's end.
        document.replace(TextRange(start: Position(line: 40, character: 0), end: Position(line: 40, character: 0)), with: "end")
        XCTAssertTrue(String(decoding: document.bytes, as: UTF8.self).hasSuffix("bnext!\nend"))
    }

    func testLineBreaksOfEveryKindAndPositionsBack() {
        let document = TextDocument(uri: "u", version: 0, languageID: "swift", text: "a\r\nbé\rc\nd")
        XCTAssertEqual(document.lineCount, 4)
        XCTAssertEqual(Array(document.lineBytes(0)), Array("a".utf8))
        XCTAssertEqual(document.position(ofByte: 5), Position(line: 1, character: 2))
        XCTAssertEqual(document.offset(of: Position(line: 2, character: 1)), 8)
        XCTAssertEqual(document.position(ofByte: 999), Position(line: 3, character: 1))
    }

    func testByteOrderMarkIsACharacterForLSPButNotForTheLinter() {
        let document = TextDocument(uri: "u", version: 0, languageID: "swift", text: "\u{FEFF}abc kSecX")
        XCTAssertEqual(document.offset(ofLine: 1, byteColumn: 5), 7)
        XCTAssertEqual(document.position(ofByte: 7), Position(line: 0, character: 5))
    }

    func testDiagnosticRangeCoversTheToken() {
        func range(_ text: String, column: Int) -> TextRange {
            let document = TextDocument(uri: "u", version: 0, languageID: "swift", text: text)
            return Diagnostics.range(of: Finding(ruleID: "r", severity: .error, message: "m", path: "p", line: 1, column: column), in: document)
        }
        XCTAssertEqual(range("x = \"dku\", y", column: 5).end.character, 9)
        XCTAssertEqual(range("  <key>a</key>", column: 3).end.character, 7)
        XCTAssertEqual(range("a [b]", column: 3).end.character, 3)
        XCTAssertEqual(range("a", column: 9), TextRange(start: Position(line: 0, character: 1), end: Position(line: 0, character: 1)))
    }

    /// A JSON finding's end and the language server's range come from one place (`TokenExtent`):
    /// over every fixture and a line with multi-byte text, the end the engine gives a finding is
    /// where the diagnostic for it ends, and most findings span more than one character.
    func testFindingEndIsWhereTheDiagnosticRangeEnds() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("token-extent-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(("import Security\n" + line + "\n").utf8).write(to: folder.appendingPathComponent("A.swift"))
        let engine = try LintEngine(configuration: LintConfiguration(parallel: false))
        let findings = engine.lint([repository.appendingPathComponent("Fixtures").path]).findings + engine.lint([folder.path]).findings
        XCTAssertGreaterThan(findings.count, 20)
        var wide = 0
        for finding in findings {
            let text = try String(contentsOfFile: finding.path, encoding: .utf8)
            let document = TextDocument(uri: "file://" + finding.path, version: 1, languageID: "swift", text: text)
            let range = Diagnostics.range(of: finding, in: document)
            let where_ = "\(finding.path):\(finding.line):\(finding.column) [\(finding.ruleID)]"
            XCTAssertEqual(range.start, Position(line: finding.line - 1, character: finding.utf16Column - 1), where_)
            XCTAssertEqual(range.end, Position(line: finding.end.line - 1, character: finding.end.utf16Column - 1), where_)
            XCTAssertEqual(finding.end.line, finding.line, where_)
            if finding.end.column > finding.column + 1 { wide += 1 }
        }
        XCTAssertGreaterThan(wide * 5, findings.count * 4, "most findings are on a token wider than one character")
        let multiByte = try XCTUnwrap(findings.first { $0.path.hasSuffix("/A.swift") && $0.ruleID == "deprecated-accessibility" })
        XCTAssertEqual(multiByte.end.column - multiByte.column, "kSecAttrAccessibleAlways".utf8.count)
        XCTAssertEqual(multiByte.end.utf16Column, line.utf16.count + 1)
    }

    func testFileURIs() {
        XCTAssertEqual(FileURI.path(of: "file:///tmp/a%20b/c.swift"), "/tmp/a b/c.swift")
        XCTAssertEqual(FileURI.path(of: "file:///c%3A/x/../y.swift"), "/c:/y.swift")
        XCTAssertNil(FileURI.path(of: "untitled:Untitled-1"))
        XCTAssertEqual(FileURI.path(of: FileURI.uri(of: "/tmp/é x/a.swift")), "/tmp/é x/a.swift")
    }
}
