import XCTest
import KeychainLintModel

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

    func testVisitingAndSearchingOneName() {
        var lists = NameLists<Int>(nameCount: 3)
        for (element, name) in [(1, 0), (2, 1), (3, 0), (4, 0)] { lists.append(element, to: Int32(name)) }
        var seen: [Int] = []
        lists.forEach(in: 0) { seen.append($0) }
        XCTAssertEqual(seen, [1, 3, 4], "only name 0's elements, in order")
        lists.forEach(in: 2) { _ in XCTFail("name 2 has no element") }
        lists.forEach(in: -1) { _ in XCTFail("-1 is no name") }
        XCTAssertTrue(lists.contains(in: 0, where: { $0 == 4 }))
        XCTAssertFalse(lists.contains(in: 0, where: { $0 == 2 }), "2 is filed under name 1")
        XCTAssertFalse(lists.contains(in: 2, where: { _ in true }))
        XCTAssertEqual(lists.first(in: 0, where: { $0 > 1 }), 3, "the first match in the order added")
        XCTAssertNil(lists.first(in: 1, where: { $0 > 2 }))
        XCTAssertNil(lists.first(in: -1, where: { _ in true }))
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
