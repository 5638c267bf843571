import XCTest
import KeychainLintSyntax

final class LineMapTests: XCTestCase {
    func testLineMap() {
        let map = LineMap(Array("a\nbc\r\nd".utf8))
        XCTAssertEqual(map.location(of: 3), SourceLocation(line: 2, column: 2))
        XCTAssertEqual(map.location(of: 6), SourceLocation(line: 3, column: 1))
    }

    /// The line-feed scan reads eight bytes at a time: every position of a line feed within a
    /// word and the tail after the last whole word must be found, and no other byte taken for one
    /// (0x8A and 0x0B differ from `\n` by one bit, 0x09 + 1 carries into it).
    func testLineStartsMatchAByteByByteScan() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x0A, 0x0A, 0x8A, 0x0B, 0x09, 0x00, 0xFF, 0x61, 0x7F, 0x80]
        for length in 0..<40 {
            for _ in 0..<50 {
                let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
                var expected = [0]
                for (k, b) in bytes.enumerated() where b == 0x0A { expected.append(k + 1) }
                XCTAssertEqual(LineMap(bytes).lineStarts, expected, "\(bytes)")
            }
        }
    }
}
