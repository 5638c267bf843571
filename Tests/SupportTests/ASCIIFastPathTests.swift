import Foundation
import XCTest
import KeychainLintSupport
import KeychainLint
@testable import KeychainLintProject
import KeychainLintSyntax
import KeychainLintModel
@testable import KeychainLintRules
import KeychainLintTestSupport

/// Every ASCII fast path (`ASCIIText`) against the `String` algorithm it stands in for, on random
/// text from a fixed seed: on ASCII text the byte path must give exactly the reference's answer,
/// and on any other text it must decline (nil) so that the reference answers.
final class ASCIIFastPathTests: XCTestCase {
    private let cases = 3_000

    /// `count` random strings of up to `maxPieces` pieces each; pieces mix ASCII and non-ASCII text
    /// (a combining accent, which joins the character before it, precomposed and wide letters).
    private func randomTexts(_ pieces: [String], maxPieces: Int, seed: UInt64) -> [String] {
        var rng = SplitMix64(seed: seed)
        return (0..<cases).map { _ in
            let n = Int(rng.next() % UInt64(maxPieces + 1))
            return (0..<n).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
        }
    }

    private let nonASCII = ["\u{301}", "é", "É", "ß", "名", "\u{212A}", "ﬁ"]

    /// Counts the inputs of each kind, so a generator that stopped producing one fails loudly.
    private func assertBothKinds(_ texts: [String], file: StaticString = #filePath, line: UInt = #line) {
        let ascii = texts.filter { ASCIIText.isASCII($0) }.count
        XCTAssertGreaterThan(ascii, cases / 10, "too few ASCII inputs", file: file, line: line)
        XCTAssertGreaterThan(texts.count - ascii, cases / 10, "too few non-ASCII inputs", file: file, line: line)
    }

    func testIsASCIIAndLowercased() {
        for text in randomTexts(["a", "Z", "~", "\u{7F}"] + nonASCII, maxPieces: 6, seed: 1) {
            XCTAssertEqual(ASCIIText.isASCII(text), text.unicodeScalars.allSatisfy(\.isASCII), text)
            XCTAssertEqual(ASCIIText.isASCII(Array(text.utf8)), text.unicodeScalars.allSatisfy(\.isASCII), text)
        }
        for byte in UInt8(0)...UInt8(0x7F) {
            let character = String(decoding: [byte], as: UTF8.self)
            XCTAssertEqual(String(decoding: [ASCIIText.lowercased(byte)], as: UTF8.self), character.lowercased(), "\(byte)")
        }
    }

    /// `ASCIIText.contains` (`StringValue.knownPartsContain`) against Foundation's `String.contains`.
    func testContainsAgreesWithStringContains() {
        let texts = randomTexts(["a", "b", ":", "/", "://", "$(", "A"] + nonASCII, maxPieces: 8, seed: 2)
        assertBothKinds(texts)
        let needles = ["://", "$(", "a", "ab", "b:/", "é", "\u{301}"]
        for text in texts {
            for needle in needles {
                let fast = ASCIIText.contains(needle, in: text)
                if ASCIIText.isASCII(text) && ASCIIText.isASCII(needle) {
                    XCTAssertEqual(fast, text.contains(needle), "\(needle) in \(text.debugDescription)")
                } else {
                    XCTAssertNil(fast, "\(needle) in \(text.debugDescription)")
                }
            }
        }
    }

    /// `LineText.normalisedASCII` against `LineText.normalised` on the line's characters.
    func testNormalisedLineTextAgreesWithCharacters() {
        let texts = randomTexts([" ", "\t", "\u{0B}", "\u{0C}", "a", "b", "  ", "x\t"] + nonASCII, maxPieces: 10, seed: 3)
        assertBothKinds(texts)
        for text in texts {
            let reference = LineText.normalised(text)
            if ASCIIText.isASCII(text) {
                XCTAssertEqual(LineText.normalisedASCII(Array(text.utf8)[...]), reference, text.debugDescription)
            }
            // What `lines(_:in:)` picks for the line, whichever path it takes.
            XCTAssertEqual(LineText.lines([1], in: Array(text.utf8))[1] ?? "", reference, text.debugDescription)
        }
    }

    /// `Paths.absoluteASCII` and the ASCII path of `Paths.parent` against their character references.
    func testPathsAgreeWithCharacters() {
        let texts = randomTexts(["/", "a", "b", ".", "..", "//", "./", "../", "x y"] + nonASCII, maxPieces: 8, seed: 4)
        assertBothKinds(texts)
        for (k, path) in texts.enumerated() {
            let base = ["/", "/r", "/r/s/", "/r/..", "/caf\u{E9}"][k % 5]
            let reference = Paths.normalisedCharacters(path.hasPrefix("/") ? path : base + "/" + path)
            let fast = Paths.absoluteASCII(path, base: base)
            if ASCIIText.isASCII(path) && ASCIIText.isASCII(base) {
                XCTAssertEqual(fast, reference, "\(path.debugDescription) in \(base)")
            } else {
                XCTAssertNil(fast, "\(path.debugDescription) in \(base)")
            }
            XCTAssertEqual(Paths.absolute(path, base: base), reference, "\(path.debugDescription) in \(base)")
            let absolute = "/" + path
            XCTAssertEqual(Paths.parent(absolute), Paths.parentOfCharacters(absolute), absolute.debugDescription)
        }
    }

    /// `WebAddress.asciiHost` and `isASCIIHostName` against their character references.
    func testHostsAgreeWithCharacters() {
        let pieces = ["a", "B", "com", ".", ".com", "example", "://", "https", "@", ":", "8", "/", "?", "#", "-", "_",
                      "io", "app", "$("] + nonASCII
        let texts = randomTexts(pieces, maxPieces: 7, seed: 5)
        assertBothKinds(texts)
        for text in texts {
            let host = WebAddress.asciiHost(text), isHost = WebAddress.isASCIIHostName(text)
            if ASCIIText.isASCII(text) {
                XCTAssertEqual(host, WebAddress.hostOfCharacters(text), text.debugDescription)
                XCTAssertEqual(isHost, WebAddress.isHostNameOfCharacters(text), text.debugDescription)
            } else {
                XCTAssertNil(host, text.debugDescription)
                XCTAssertNil(isHost, text.debugDescription)
            }
        }
    }

    /// `CodeView.identifier(_:hasPrefix:)` (bytes unless a non-ASCII byte follows the prefix)
    /// against `String.hasPrefix` on the identifier's text.
    func testIdentifierPrefixAgreesWithHasPrefix() {
        let texts = randomTexts(["k", "Sec", "kSec", "C", "F", "kCF", "x", "_"] + nonASCII, maxPieces: 4, seed: 6)
        assertBothKinds(texts)
        for text in texts where !text.isEmpty {
            let code = CodeView(source: SourceFile(path: "t.swift", text: "let " + text))
            guard code.count == 2, code.kind(1) == .identifier else { continue }
            XCTAssertEqual(code.identifier(1, hasPrefix: "kSec"), code.text(1).hasPrefix("kSec"), text.debugDescription)
            XCTAssertEqual(code.identifier(1, hasPrefix: "kCF"), code.text(1).hasPrefix("kCF"), text.debugDescription)
        }
    }
}
