import Foundation
import XCTest
import KeychainLintSyntax
import KeychainLintTestSupport

/// Trivia, the lossless property on random bytes and on the fixtures, and hostile inputs.
final class TokenizerLosslessTests: TokenizerTestCase {
    // MARK: Trivia

    func testWhitespaceAndNewlines() {
        XCTAssertEqual(all("a \t\u{0B}\u{0C}\0b"), [id("a"), ws(" \t\u{0B}\u{0C}\0"), id("b")])
        XCTAssertEqual(all("a\r\nb\rc\n\n"), [id("a"), nl("\r\n"), id("b"), nl("\r"), id("c"), nl(), nl()])
        XCTAssertEqual(all("\r\r\n"), [nl("\r"), nl("\r\n")])
        XCTAssertEqual(all("a\0\0b"), [id("a"), ws("\0\0"), id("b")])
    }

    func testByteOrderMarkAndLineMap() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("é = x\r\ny \"é\" z".utf8)
        let file = SourceFile(path: "t.swift", bytes: bytes)
        let tokens = file.allTokens()
        assertLossless(bytes, tokens)
        let kinds = tokens.map(\.kind)
        XCTAssertEqual(kinds.first, .byteOrderMark)
        XCTAssertEqual(tokens[0].range, 0..<3)
        let named = tokens.filter { $0.kind == .identifier }
        XCTAssertEqual(named.map(file.text), ["é", "x", "y", "z"])
        XCTAssertEqual(file.location(of: Int(named[0].start)), SourceLocation(line: 1, column: 1))
        XCTAssertEqual(file.location(of: Int(named[1].start)), SourceLocation(line: 1, column: 6))
        XCTAssertEqual(file.location(of: Int(named[2].start)), SourceLocation(line: 2, column: 1))
        // `y "é" z`: z follows 1 + 1 + 4 + 1 bytes on its line.
        XCTAssertEqual(file.location(of: Int(named[3].start)), SourceLocation(line: 2, column: 8))
        // A BOM anywhere else is an ordinary (identifier) character, never a byteOrderMark.
        let later = Tokenizer.tokenize(Array("a".utf8) + [0xEF, 0xBB, 0xBF])
        XCTAssertFalse(later.contains { $0.kind == .byteOrderMark })
        XCTAssertEqual(Tokenizer.tokenize([0xEF, 0xBB]).map(\.kind), [.unknown])
    }

    func testInvalidUTF8() {
        let bytes: [UInt8] = [0x80, 0x41, 0xC0, 0xAF, 0xFF, 0x20, 0xED, 0xA0, 0x80, 0x20, 0xE2, 0x82]
        let tokens = Tokenizer.tokenize(bytes)
        assertLossless(bytes, tokens)
        XCTAssertEqual(tokens.map(\.kind), [.unknown, .identifier, .unknown, .whitespace, .unknown, .whitespace, .unknown])
        XCTAssertEqual(tokens.map(\.range), [0..<1, 1..<2, 2..<5, 5..<6, 6..<9, 9..<10, 10..<12])
        // Truncated sequences at end of file, after identifiers and inside strings.
        for tail: [UInt8] in [[0xC3], [0xE2, 0x82], [0xF0, 0x9F], [0xF0, 0x9F, 0x98]] {
            let input = Array("ab".utf8) + tail
            let t = Tokenizer.tokenize(input)
            assertLossless(input, t)
            XCTAssertEqual(t.map(\.kind), [.identifier, .unknown])
            let inString = Array("\"".utf8) + tail
            assertLossless(inString, Tokenizer.tokenize(inString))
        }
        XCTAssertEqual(Tokenizer.tokenize([0xF0, 0x9F, 0x98, 0x80]).map(\.kind), [.identifier])
        XCTAssertEqual(Tokenizer.tokenize([0x01, 0x02, 0x7F]).map(\.kind), [.unknown])
        XCTAssertEqual(Tokenizer.tokenize([]), [])
    }

    // MARK: Lossless property

    func testLosslessOnRandomBytes() {
        var rng = SplitMix64(seed: 0x6B6C_696E_7421)
        let weighted = Array("\"\"\"###\\\\\\///((()))[[]]{{}}**\n\n\r".utf8)
        let other = Array("abz_$0159xe.!?<>=&|+- \t`'@,:;".utf8) + [0x00, 0x80, 0xBF, 0xC3, 0xA9, 0xE2, 0x82, 0xAC,
                                                                   0xF0, 0x9F, 0x98, 0xFF, 0xEF, 0xBB, 0xC0]
        for iteration in 0..<2_000 {
            let length = Int(rng.next() % 301)
            var bytes = [UInt8]()
            bytes.reserveCapacity(length)
            for _ in 0..<length {
                let r = rng.next()
                bytes.append(r % 3 == 0 ? other[Int((r >> 8) % UInt64(other.count))]
                                        : weighted[Int((r >> 8) % UInt64(weighted.count))])
            }
            let tokens = Tokenizer.tokenize(bytes)
            assertLossless(bytes, tokens, "iteration \(iteration): \(bytes)")
            // Every interpolation end closes an interpolation opened before it.
            var open = 0
            for t in tokens {
                if t.kind == .interpolationStart { open += 1 }
                if t.kind == .interpolationEnd { open -= 1 }
                if open < 0 { XCTFail("unbalanced interpolationEnd, iteration \(iteration)"); break }
            }
        }
    }

    func testLosslessOnFixtures() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures")
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return }
        for case let url as URL in walker {
            guard let data = try? Data(contentsOf: url) else { continue }
            let bytes = [UInt8](data)
            assertLossless(bytes, Tokenizer.tokenize(bytes), url.path)
        }
    }

    // MARK: Hostile inputs

    func testDeepNesting() {
        for (open, count) in [("[", 100_000), ("(", 200_000), ("{", 100_000)] {
            let bytes = [UInt8](repeating: UInt8(ascii: Unicode.Scalar(open)!), count: count)
            let tokens = Tokenizer.tokenize(bytes)
            XCTAssertEqual(tokens.count, count)
            assertLossless(bytes, tokens)
        }
        let n = 100_000
        let nested = Array((String(repeating: "\"\\(", count: n) + "x" + String(repeating: ")\"", count: n)).utf8)
        let tokens = Tokenizer.tokenize(nested)
        assertLossless(nested, tokens)
        var counts = [TokenKind: Int]()
        for t in tokens { counts[t.kind, default: 0] += 1 }
        XCTAssertEqual(counts[.stringStart], n)
        XCTAssertEqual(counts[.interpolationStart], n)
        XCTAssertEqual(counts[.interpolationEnd], n)
        XCTAssertEqual(counts[.stringEnd], n)
        XCTAssertEqual(counts[.identifier], 1)
        XCTAssertEqual(tokens.count, 4 * n + 1)

        // Unclosed, then ended by one line break in a single-line string.
        let open = Array((String(repeating: "\"\\(", count: n) + "\nx)").utf8)
        let t2 = Tokenizer.tokenize(open)
        assertLossless(open, t2)
        XCTAssertEqual(t2.suffix(2).map(\.kind), [.identifier, .rightParen])

        // Multi-line strings nested 10,000 deep, unterminated.
        let multi = Array(String(repeating: "\"\"\"\n\\(", count: 10_000).utf8)
        assertLossless(multi, Tokenizer.tokenize(multi))
        let comments = Array((String(repeating: "/*", count: 100_000) + String(repeating: "*/", count: 100_000)).utf8)
        XCTAssertEqual(Tokenizer.tokenize(comments).count, 1)
    }

    /// Lines that would be quadratic if a failed look-ahead were repeated for every byte are
    /// tokenized losslessly. Their time is not measured here (a wall-clock limit in a unit test
    /// fails on a loaded machine and passes a slow scan on a fast one): `Scripts/bench-linear.py`,
    /// which CI runs, lints each pattern at n and 4n with the release binary and fails unless the
    /// time grows about 4 times.
    func testPathologicalLinesTokenizeLosslessly() {
        let patterns = ["(/", "#/a", "= /a ", "`", "#", ">", "\"\\(", "/*", "0x", "a.", "\\#("]
        for pattern in patterns {
            let line = Array(String(repeating: pattern, count: 200_000 / pattern.utf8.count).utf8)
            assertLossless(line, Tokenizer.tokenize(line), pattern)
        }
        let bigs = [">" + String(repeating: ">", count: 100_000) + "?", "a" + String(repeating: ">", count: 100_000) + "?"]
        for s in bigs {
            let b = Array(s.utf8)
            assertLossless(b, Tokenizer.tokenize(b))
        }
    }

    /// Each `#"""` looks along the rest of its line for a `"#` that makes it a one-line string.
    /// Nested in interpolations on one line, a look per opening to the same far close (or to the
    /// end of the line) would be quadratic: `Scripts/bench-linear.py` times the closed shape at n
    /// and 4n; here each opening must be read as the string it is.
    func testRawStringOpeningsNestedOnOneLineAreReadAsWritten() {
        let n = 30_000
        let closed = Array((String(repeating: "#\"\"\"\\#(", count: n) + "x" + String(repeating: ")\"#", count: n)).utf8)
        let unclosed = Array(String(repeating: "##\"\"\"\\##(#\"\"\"\\#(", count: n / 2).utf8)
        for (name, bytes) in [("closed", closed), ("unclosed", unclosed)] {
            let tokens = Tokenizer.tokenize(bytes)
            assertLossless(bytes, tokens, name)
            let starts = tokens.filter { $0.kind == .stringStart }.map { String(decoding: bytes[$0.range], as: UTF8.self) }
            XCTAssertEqual(starts.count, n, name)
            XCTAssertEqual(tokens.filter { $0.kind == .interpolationStart }.count, n, name)
            if name == "closed" {
                XCTAssertEqual(Set(starts), ["#\""], "each one is a one-line string holding two quotes")
                XCTAssertEqual(tokens.filter { $0.kind == .stringEnd }.count, n)
            } else {
                XCTAssertEqual(Set(starts), ["#\"\"\"", "##\"\"\""], "no close on the line: each one is multi-line")
            }
        }
    }

    func testOneMegabyteLine() {
        var source = "let x = \""
        source += String(repeating: "a", count: 1 << 20)
        source += "\"; "
        source += String(repeating: "foo(1) + ", count: 100_000)
        let bytes = Array(source.utf8)
        let tokens = Tokenizer.tokenize(bytes)
        assertLossless(bytes, tokens)
        XCTAssertEqual(tokens[7].kind, .stringSegment)
        XCTAssertEqual(tokens[7].length, 1 << 20)
    }
}
