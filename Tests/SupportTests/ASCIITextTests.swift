import Foundation
import XCTest
import KeychainLintSupport
import KeychainLintModel
@testable import KeychainLintRules

/// The byte-level fast paths must answer as the `String` algorithms they stand in for.
final class ASCIITextTests: XCTestCase {
    /// `WebAddress.host` and `isHostName` as written on `String`s, before the byte paths.
    private func referenceHost(_ text: String) -> String {
        var rest = Substring(text.lowercased())
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        if let at = rest.firstIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        if let end = rest.firstIndex(where: { $0 == "/" || $0 == ":" || $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        return String(rest)
    }

    private func referenceIsHostName(_ text: String) -> Bool {
        let labels = text.lowercased().split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return false }
        for label in labels {
            guard !label.isEmpty, label.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }) else { return false }
        }
        return WebAddress.topLevelDomains.contains(String(labels.last!)) && !WebAddress.topLevelDomains.contains(String(labels.first!))
    }

    private let samples = [
        "", ".", "..", "a.", ".com", "com", "localhost", "example.com", "Example.COM", "accounts.example.com",
        "com.example.app", "io.github.example.cli", "a..example.com", "ex_ample.com", "ex-ample.com", "x.y.z.org",
        "https://accounts.example.com/login", "HTTPS://User@Host.Example.com:8080/p?q#f", "host.com/x", "host.com?x",
        "user@site.net", "a://b://c", "://", "$(AppIdentifierPrefix)com.example", "team.$(x)", "$", "$(",
        "müller.de", "xn--mller-kva.de", "example.\u{212A}\u{212A}", "https://ÄÖ.example.com/", "e\u{301}.com", "ﬁ.com",
    ]

    func testHostAgreesWithTheStringAlgorithm() {
        for s in samples {
            XCTAssertEqual(WebAddress.host(s), referenceHost(s), s)
            XCTAssertEqual(WebAddress.isHostName(s), referenceIsHostName(s), s)
        }
        XCTAssertEqual(WebAddress.host("HTTPS://User@Host.Example.com:8080/p"), "host.example.com")
        XCTAssertTrue(WebAddress.isHostName("Accounts.Example.COM"))
        XCTAssertFalse(WebAddress.isHostName("com.example.app"))
    }

    func testKnownPartsContainAgreesWithTheStringSearch() {
        let values = samples.map { StringValue($0) } + [
            StringValue(parts: [.text("https:/"), .unknown, .text("/x")]),
            StringValue(parts: [.text("a"), .unknown, .text("b://c")]),
            StringValue(parts: [.text("ü"), .unknown, .text("$(x)")]),
            StringValue(parts: [.text("ü:/"), .unknown]),
            StringValue(parts: [.unknown]),
        ]
        // Foundation's search over each known part: what the byte path stands in for.
        func reference(_ value: StringValue, _ needle: String) -> Bool {
            value.parts.contains { if case .text(let t) = $0 { return t.contains(needle) } else { return false } }
        }
        for value in values {
            XCTAssertEqual(value.knownPartsContain("://"), reference(value, "://"), "\(value)")
            XCTAssertEqual(value.knownPartsContain("$("), reference(value, "$("), "\(value)")
        }
        XCTAssertTrue(StringValue(parts: [.text("a"), .unknown, .text("b://c")]).knownPartsContain("://"))
        XCTAssertFalse(StringValue(parts: [.text("https:/"), .unknown, .text("/x")]).knownPartsContain("://"))
    }

    func testByteSearch() {
        func find(_ needle: String, _ text: String, from: Int = 0) -> Int? {
            ByteSearch.firstOffset(of: Array(needle.utf8), in: Array(text.utf8), from: from)
        }
        XCTAssertEqual(find("://", "https://x"), 5)
        XCTAssertEqual(find("://", ":/:/"), nil)
        XCTAssertEqual(find("ab", "aab"), 1)
        XCTAssertEqual(find("ab", "a"), nil)
        XCTAssertEqual(find("", "a"), nil)
        XCTAssertEqual(find("abc", "abc"), 0)
        XCTAssertEqual(find("ab", "abab", from: 1), 2)
        XCTAssertEqual(find("ab", "abab", from: 3), nil)
        XCTAssertEqual(find("ab", "abab", from: 9), nil)
    }

    /// Anchored on a byte inside the needle, the search finds what the plain one finds.
    func testByteSearchAnchoredOnALaterByte() {
        func find(_ needle: String, anchor: Int, _ text: String, from: Int = 0) -> Int? {
            ByteSearch.firstOffset(of: Array(needle.utf8), anchor: anchor, in: Array(text.utf8), from: from)
        }
        XCTAssertEqual(find("typealias", anchor: 1, "let y = 1; typealias Q = [K: V]"), 11)
        XCTAssertEqual(find("typealias", anchor: 1, "ypealias typealia typealias", from: 0), 18)
        XCTAssertEqual(find("typealias", anchor: 1, "typealias typealias", from: 1), 10)
        XCTAssertEqual(find("typealias", anchor: 1, "typealias", from: 1), nil)
        XCTAssertEqual(find("ab", anchor: 1, "b ab"), 2)
        XCTAssertEqual(find("ab", anchor: 2, "ab"), nil)
        XCTAssertEqual(find("abc", anchor: 2, "xxabc"), 2)
    }
}
