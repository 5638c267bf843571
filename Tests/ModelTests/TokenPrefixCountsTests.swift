import XCTest
import KeychainLintModel
import KeychainLintSyntax

/// Prefix counts answer "does a token in this range pass?" as a scan would; the listing variant
/// also lists, in order, the identifiers a second test accepts.
final class TokenPrefixCountsTests: XCTestCase {
    private let code = CodeView(source: SourceFile(path: "T.swift", text: """
        let a = kSecClass
        func f() { g(a, [kSecAttrService: b]) }
        var b = a + 1
        """))

    private func isName(_ spelling: String) -> (Int32) -> Bool {
        let id = code.nameID(of: spelling)
        return { $0 == id }
    }

    func testEveryRangeAnswersAsAScan() {
        let counting = isName("a")
        var listed: [Int32] = []
        let plain = TokenPrefixCounts(code, counting: counting)
        let listing = TokenPrefixCounts(code, counting: counting, listing: isName("b"), into: &listed)
        for lower in -1...(code.count + 1) {
            for upper in lower...(code.count + 2) {
                let first = max(lower, 0), end = min(upper, code.count)
                let scan = first < end && (first..<end).contains { counting(code.nameID($0)) }
                XCTAssertEqual(plain.any(in: lower..<upper), scan, "\(lower)..<\(upper)")
                XCTAssertEqual(listing.any(in: lower..<upper), scan, "\(lower)..<\(upper)")
            }
        }
    }

    func testListsTheOtherNamesTokensInOrder() {
        var listed: [Int32] = []
        _ = TokenPrefixCounts(code, counting: isName("a"), listing: isName("b"), into: &listed)
        let expected = (0..<code.count).filter { code.kind($0) == .identifier && code.text($0) == "b" }.map(Int32.init)
        XCTAssertEqual(listed, expected)
        XCTAssertEqual(listed.count, 2, "`b` is used in the call and declared below it")
    }
}
