import Foundation
import XCTest
import KeychainLintModel

/// `knownPartsContain` searches ASCII by bytes and leaves the rest to Foundation: both must
/// answer as Foundation's `contains` does.
final class StringValueTests: XCTestCase {
    func testSearchAgreesWithFoundation() {
        let texts = ["", "a", "https://example.com", "$(TEAM).group", "ab$", "$", "://", ":/", "x://y://",
                     "caf\u{E9}://", "cafe\u{301}", "\u{1F600}$(x)"]
        let needles = ["", "$(", "://", "a", "e\u{301}", "\u{E9}", "com", "https://example.com/"]
        for text in texts {
            for needle in needles {
                XCTAssertEqual(StringValue(text).knownPartsContain(needle), text.contains(needle), "\(text) ∋ \(needle)")
            }
        }
    }

    func testUnknownPartsAreNotSearched() {
        let value = StringValue(parts: [.text("ab"), .unknown, .text("cd")])
        XCTAssertTrue(value.knownPartsContain("cd"))
        XCTAssertFalse(value.knownPartsContain("bc"), "the unknown part sits between b and c")
    }
}
