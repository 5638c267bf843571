import XCTest
import KeychainLintModel
import KeychainLintSyntax

/// Interned identifiers: one id per spelling, however many names the table grows to hold.
final class NameTableTests: XCTestCase {
    func testEverySpellingHasOneIdAndReadsBack() {
        // 3,000 distinct names (the table starts at 64 slots and grows), each used three times,
        // with spellings that share prefixes and lengths.
        var text = ""
        for _ in 0..<3 {
            for k in 0..<3_000 { text += "let name\(k) = value\(k % 7)\n" }
        }
        let code = CodeView(source: SourceFile(path: "Names.swift", text: text))
        var idOf: [String: Int32] = [:]
        for i in 0..<code.count where code.kind(i) == .identifier {
            let spelling = code.source.text(code.tokens[i])
            let id = code.nameID(i)
            XCTAssertGreaterThanOrEqual(id, 0)
            XCTAssertEqual(code.spelling(id), spelling)
            if let known = idOf[spelling] { XCTAssertEqual(known, id, spelling) } else { idOf[spelling] = id }
        }
        XCTAssertEqual(idOf.count, 3_000 + 7)
        XCTAssertEqual(Set(idOf.values).count, idOf.count, "two spellings share an id")
        XCTAssertEqual(code.nameID(of: "name2999"), idOf["name2999"])
        XCTAssertNil(code.nameID(of: "name3000"))
        XCTAssertNil(code.nameID(of: "name"), "a prefix of a spelling is not that spelling")
        XCTAssertNil(code.nameID(of: "let"), "keywords are not interned")
    }

    func testNonIdentifiersHaveNoId() {
        let code = CodeView(source: SourceFile(path: "K.swift", text: "let q = [kSecClass: \"kSecClass\"] // kSecClass\n"))
        for i in 0..<code.count { XCTAssertEqual(code.nameID(i) >= 0, code.kind(i) == .identifier, "token \(i)") }
        XCTAssertEqual(code.nameID(-1), -1)
        XCTAssertEqual(code.nameID(code.count), -1)
    }
}
