import XCTest
import KeychainLintProject

/// The validator that decides whether a file is linted or skipped as not UTF-8 must agree with
/// the standard library's decoding.
final class UTF8ValidatorTests: XCTestCase {
    func testUTF8Validator() {
        let valid: [[UInt8]] = [
            [], Array("plain ascii, longer than eight bytes".utf8), Array("café 🔑 ✓ \u{10FFFF}".utf8),
            [0xEF, 0xBB, 0xBF, 0x61], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
            [0xEE, 0x80, 0x80], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
            Array("12345678".utf8) + [0xE2, 0x82, 0xAC] + Array("12345678".utf8),
        ]
        let invalid: [[UInt8]] = [
            [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0xC2, 0x41], [0xE0, 0x80, 0x80],
            [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xE1, 0x80], [0xF0, 0x80, 0x80, 0x80],
            [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xFE],
            [0xF0, 0x90, 0x80], Array("12345678".utf8) + [0xFF] + Array("12345678".utf8),
        ]
        for bytes in valid {
            XCTAssertTrue(UTF8Validator.isValid(bytes), "\(bytes)")
            XCTAssertNotNil(String(validating: bytes, as: UTF8.self), "\(bytes)")
        }
        for bytes in invalid {
            XCTAssertFalse(UTF8Validator.isValid(bytes), "\(bytes)")
            XCTAssertNil(String(validating: bytes, as: UTF8.self), "\(bytes)")
        }
        // Agrees with the standard library on every 1- and 2-byte sequence and on random 4-byte ones.
        for a in 0...255 {
            for b in 0...255 {
                let bytes: [UInt8] = [UInt8(a), UInt8(b)]
                XCTAssertEqual(UTF8Validator.isValid(bytes), String(validating: bytes, as: UTF8.self) != nil)
            }
        }
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 1...12, using: &rng)).map { _ in
                [UInt8.random(in: 0x80...0xFF, using: &rng), UInt8.random(in: 0...0xFF, using: &rng), 0x61][Int.random(in: 0...2, using: &rng)]
            }
            XCTAssertEqual(UTF8Validator.isValid(bytes), String(validating: bytes, as: UTF8.self) != nil, "\(bytes)")
        }
    }
}
