import XCTest
@testable import KeychainLintModel

/// Elements filed by name id: each name's in the order added, names in the order first seen.
final class NameListsTests: XCTestCase {
    func testEachNameKeepsItsElementsInOrder() {
        var lists = NameLists<String>(nameCount: 5)
        // Interleaved appends: the per-name chains must not cross.
        for (element, name) in [("a1", 3), ("b1", 0), ("a2", 3), ("c1", 4), ("b2", 0), ("a3", 3)] {
            lists.append(element, to: Int32(name))
        }
        XCTAssertEqual(lists[3], ["a1", "a2", "a3"])
        XCTAssertEqual(lists[0], ["b1", "b2"])
        XCTAssertEqual(lists[4], ["c1"])
        XCTAssertEqual(lists[1], [])
        XCTAssertEqual(lists.names, [3, 0, 4])
        XCTAssertEqual(lists.elements, ["a1", "b1", "a2", "c1", "b2", "a3"])
        XCTAssertTrue(lists.contains(0))
        XCTAssertFalse(lists.contains(2))
    }

    func testIdsOfNoNameAreAbsent() {
        var lists = NameLists<Int>(nameCount: 2)
        lists.append(7, to: 1)
        XCTAssertFalse(lists.contains(-1))
        XCTAssertEqual(lists[-1], [])
        XCTAssertFalse(lists.contains(2), "an id past the table is no name of the file")
    }

    func testManyElementsUnderOneName() {
        var lists = NameLists<Int>(nameCount: 1)
        for k in 0..<1_000 { lists.append(k, to: 0) }
        XCTAssertEqual(lists[0], Array(0..<1_000))
        XCTAssertEqual(lists.names, [0])
    }
}
