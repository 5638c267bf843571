import XCTest
@testable import KeychainLintTokenizer

final class SmokeTests: XCTestCase {
    func testLineMap() {
        let map = LineMap(Array("a\nbc\r\nd".utf8))
        XCTAssertEqual(map.location(of: 3), SourceLocation(line: 2, column: 2))
        XCTAssertEqual(map.location(of: 6), SourceLocation(line: 3, column: 1))
    }
}
