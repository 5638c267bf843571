import XCTest
import KeychainLintModel
@testable import KeychainLintRules

/// The rules' allocation-free readers must give exactly what the model's own accessors give.
final class ItemEntriesTests: XCTestCase {
    private func entry(_ key: String, _ value: KeychainValue, at offset: Int) -> KeychainEntry {
        KeychainEntry(key: key, value: value, keyOffset: offset, valueOffset: offset + 1, region: 0)
    }

    private func dictionary(_ entries: [KeychainEntry]) -> KeychainDictionary {
        KeychainDictionary(entries: entries, originOffset: 0, isVariable: false)
    }

    private func visited(_ d: KeychainDictionary, _ key: String? = nil) -> [KeychainEntry] {
        var out: [KeychainEntry] = []
        if let key { d.forEachItemEntry(key) { out.append($0) } } else { d.forEachItemEntry { out.append($0) } }
        return out
    }

    func testItemEntriesAreAllEntriesInOrder() {
        let nested = [entry("kSecAttrIsPermanent", .bool(true), at: 20), entry("kSecAttrApplicationTag", .string(StringValue("t")), at: 30)]
        let d = dictionary([
            entry("kSecClass", .symbol("kSecClassKey"), at: 0),
            entry("kSecPrivateKeyAttrs", .dictionary(nested), at: 10),
            entry("kSecAttrLabel", .dictionary(nested), at: 40),  // not key attributes: its entries are not the item's
            entry("kSecPublicKeyAttrs", .unknown, at: 50),
            entry("kSecPublicKeyAttrs", .dictionary([entry("kSecAttrIsPermanent", .bool(false), at: 60)]), at: 55),
        ])
        XCTAssertEqual(visited(d), d.allEntries)
        XCTAssertEqual(visited(d).map(\.keyOffset), [0, 10, 20, 30, 40, 50, 55, 60])
        XCTAssertEqual(visited(d, "kSecAttrIsPermanent"), d.allEntries.filter { $0.key == "kSecAttrIsPermanent" })
        XCTAssertEqual(visited(d, "kSecAttrIsPermanent").map(\.keyOffset), [20, 60])
        XCTAssertEqual(visited(dictionary([])), [])
        for key in ["kSecClass", "kSecAttrIsPermanent", "kSecPublicKeyAttrs", "kSecAttrServer"] {
            XCTAssertEqual(d.hasEntry { $0.key == key }, d.entries.contains { $0.key == key }, key)
        }
        XCTAssertFalse(dictionary([]).hasEntry { _ in true })
    }

    func testHasItemClassAgreesWithItemClass() {
        let classes: [[KeychainValue]] = [
            [], [.symbol("kSecClassKey")], [.symbol("kSecClassKey"), .symbol("kSecClassKey")],
            [.symbol("kSecClassKey"), .symbol("kSecClassCertificate")], [.unknown], [.string(StringValue("kSecClassKey"))],
            [.unknown, .symbol("kSecClassKey")], [.symbol("kSecClassCertificate"), .unknown, .symbol("kSecClassKey")],
        ]
        for values in classes {
            let d = dictionary([entry("kSecAttrService", .string(StringValue("s")), at: 0)]
                + values.enumerated().map { entry("kSecClass", $1, at: 10 * ($0 + 1)) })
            for name in ["kSecClassKey", "kSecClassCertificate", "kSecClassGenericPassword"] {
                XCTAssertEqual(d.hasItemClass(name), d.itemClass == name, "\(values) \(name)")
            }
        }
        XCTAssertTrue(dictionary([entry("kSecClass", .symbol("kSecClassKey"), at: 0)]).hasItemClass("kSecClassKey"))
    }
}
