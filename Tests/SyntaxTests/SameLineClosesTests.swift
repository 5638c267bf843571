import XCTest
import KeychainLintSyntax
import KeychainLintTestSupport

/// The look along a `#"""`'s line for a close, which the lexer asks at ever later positions: its
/// answers must be those of looking along the line afresh each time.
final class SameLineClosesTests: XCTestCase {
    /// Whether `bytes[from...]`, up to a line break, holds a `"` followed by at least `hashes` `#`s.
    private func looked(_ bytes: [UInt8], from: Int, hashes: Int) -> Bool {
        var j = from
        while j < bytes.count, bytes[j] != 0x0A, bytes[j] != 0x0D {
            if bytes[j] == 0x22 {
                var k = j + 1
                while k < bytes.count, bytes[k] == 0x23 { k += 1 }
                if k - j - 1 >= hashes { return true }
            }
            j += 1
        }
        return false
    }

    func testAnswersAreThoseOfAFreshLookAtEachPosition() {
        var rng = SplitMix64(seed: 0x2323_2222)
        let alphabet = Array("\"\"\"####a\n\r".utf8)
        var asked = 0, yes = 0
        for _ in 0..<2_000 {
            let bytes = (0..<Int(rng.next() % 60)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
            var closes = SameLineCloses()
            var from = Int(rng.next() % 4)
            bytes.withUnsafeBufferPointer { p in
                while from <= bytes.count {
                    let hashes = 1 + Int(rng.next() % 4)
                    let expected = looked(bytes, from: from, hashes: hashes)
                    XCTAssertEqual(closes.closes(p, from: from, hashes: hashes), expected,
                                   "\(String(decoding: bytes, as: UTF8.self).debugDescription) from \(from), \(hashes) #")
                    asked += 1
                    if expected { yes += 1 }
                    from += Int(rng.next() % 5)
                }
            }
        }
        // Both answers are given often, so the comparison tests something either way.
        XCTAssertGreaterThan(yes, asked / 10)
        XCTAssertLessThan(yes, asked * 9 / 10)
    }
}
