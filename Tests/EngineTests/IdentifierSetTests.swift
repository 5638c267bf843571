import XCTest
import KeychainLintSupport
import KeychainLint
import KeychainLintTestSupport

/// The one-pass name search must answer exactly what searching for each name on its own answers.
final class IdentifierSetTests: XCTestCase {
    private func reference(_ names: [String], _ text: String) -> Bool {
        let hay = Array(text.utf8)
        return hay.withUnsafeBufferPointer { hay in names.contains { !$0.isEmpty && ByteSearch.containsIdentifier(Array($0.utf8), in: hay) } }
    }

    func testWholeIdentifiersOnly() {
        let set = IdentifierSet(["baseQuery", "Class", "kClass"])
        XCTAssertTrue(set.occurs(in: Array("let q = baseQuery".utf8)))
        XCTAssertTrue(set.occurs(in: Array("x[Class]".utf8)))
        XCTAssertTrue(set.occurs(in: Array("Class".utf8)))
        XCTAssertFalse(set.occurs(in: Array("let Classes = baseQuery2 + _baseQuery + élbaseQuery".utf8)))
        XCTAssertFalse(IdentifierSet([]).occurs(in: Array("anything".utf8)))
        XCTAssertTrue(IdentifierSet([]).isEmpty)
    }

    func testANameWithOtherBytesIsSearchedOnItsOwn() {
        let set = IdentifierSet(["Keys.service", "plain"])
        XCTAssertTrue(set.occurs(in: Array("q[Keys.service] = 1".utf8)))
        XCTAssertFalse(set.occurs(in: Array("q[MyKeys.service] = 1".utf8)))
    }

    /// The word-at-a-time classification agrees with the byte test for every byte value in every
    /// position, whatever its neighbours are.
    func testIdentifierByteMaskAgreesWithTheByteTest() {
        var rng = SplitMix64(seed: 7)
        for value in 0...255 {
            for position in 0..<8 {
                var bytes = (0..<8).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                bytes[position] = UInt8(value)
                let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
                let mask = IdentifierSet.identifierByteMask(word)
                for k in 0..<8 {
                    XCTAssertEqual(mask >> (8 * UInt64(k)) & 0xFF, ASCIIText.isIdentifierByte(bytes[k]) ? 0x80 : 0, "byte \(bytes[k]) at \(k)")
                }
            }
        }
    }

    /// Lengths from 63 bytes up share one bit of the length filter: such names are still told apart.
    func testLongNamesShareTheLastLengthBit() {
        let long = String(repeating: "a", count: 70)
        let set = IdentifierSet([long, "ab"])
        XCTAssertTrue(set.occurs(in: Array("x = \(long)".utf8)))
        XCTAssertFalse(set.occurs(in: Array("x = \(String(repeating: "a", count: 63)) + \(String(repeating: "a", count: 90))".utf8)))
        XCTAssertFalse(set.occurs(in: Array("abc a ba".utf8)))
        XCTAssertTrue(set.occurs(in: Array("abc ab".utf8)))
    }

    /// Random names and texts over a small alphabet (identifier bytes, separators, non-ASCII), so
    /// names occur, occur inside longer identifiers, and share prefixes and hashes' slots.
    func testAgreesWithSearchingEachNameOnItsOwn() {
        var rng = SplitMix64(seed: 42)
        let alphabet: [String] = ["a", "b", "k", "S", "_", "1", " ", ".", "(", "\n", "é", "€"]
        func word(_ n: Int) -> String { (0..<n).map { _ in alphabet[Int(rng.next() % 6)] }.joined() }
        let longWord = String(repeating: "a", count: 62)
        for _ in 0..<3_000 {
            let names = (0..<Int(rng.next() % 6)).map { _ in word(1 + Int(rng.next() % 3)) }
                + (rng.next() % 8 == 0 ? ["a.b"] : []) + (rng.next() % 8 == 0 ? [longWord + word(Int(rng.next() % 4))] : [])
            let text = (0..<Int(rng.next() % 90)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }.joined()
                + (rng.next() % 4 == 0 ? " " + longWord + word(Int(rng.next() % 4)) : "")
            XCTAssertEqual(IdentifierSet(names).occurs(in: Array(text.utf8)), reference(names, text), "\(names) in \(text.debugDescription)")
        }
    }
}
