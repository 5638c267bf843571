import XCTest

/// Subscripts are summarised like functions: `items[q]` applies the subscript the receiver's
/// type declares to the bracket's arguments, and `Queries["s"]` is what a static subscript
/// returns. Brackets on anything else (a dictionary, a value of unknown type, a subscript
/// whose labels do not bind) stay what they are.
final class SubscriptSummaryTests: XCTestCase {
    private static let types = """
    struct Items {
        subscript(query: [String: Any]) -> OSStatus { SecItemCopyMatching(query as CFDictionary, nil) }
        subscript(deleting query: [String: Any]) -> OSStatus { SecItemDelete(query as CFDictionary) }
        func removeAll(_ q: [String: Any]) -> OSStatus { self[deleting: q] }
    }
    enum Queries {
        static subscript(service: String) -> [String: Any] { [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service] }
        subscript(account: String) -> [String: Any] { [kSecAttrAccount as String: account] }
    }

    """

    /// The uses the snippet makes (the types' own bodies left out), as `operation route: keys`.
    private func uses(_ snippet: String) -> [String] { routedUses(of: snippet, after: Self.types) }

    private let literal = "[kSecClass as String: kSecClassGenericPassword]"

    func testALiteralInTheBracketsOfATypedValueReachesTheSubscriptsOperation() {
        XCTAssertEqual(uses("func f(items: Items) { _ = items[\(literal)] }"),
                       ["SecItemCopyMatching Items.subscript(_:): kSecClass"])
        XCTAssertEqual(uses("func f() { let items = Items(); _ = items[deleting: \(literal)] }"),
                       ["SecItemDelete Items.subscript(deleting:): kSecClass"])
    }

    func testLabelsChooseTheSubscriptAndOneThatBindsNothingIsNoCall() {
        XCTAssertEqual(uses("func f(items: Items) { _ = items[removing: \(literal)] }"), [])
    }

    func testAMethodForwardingItsParameterToItsOwnSubscriptIsAFunctionWithASink() {
        XCTAssertEqual(uses("func f(items: Items) { _ = items.removeAll(\(literal)) }"),
                       ["SecItemDelete Items.removeAll(_:)>Items.subscript(deleting:): kSecClass"])
    }

    func testBracketsOnADictionaryOrAValueOfUnknownTypeAreNoCall() {
        XCTAssertEqual(uses("func f(cache: [String: Any]) { _ = cache[\(literal)] }"), [])
        XCTAssertEqual(uses("func f(other: AnyObject) { _ = other[\(literal)] }"), [])
        XCTAssertEqual(uses("func f() { let unknown = make(); _ = unknown[deleting: \(literal)] }"), [])
    }

    func testAStaticSubscriptsDictionaryIsTheValueOfItsCall() {
        XCTAssertEqual(uses("func f() { SecItemDelete(Queries[\"s\"] as CFDictionary) }"),
                       ["SecItemDelete : kSecClass,kSecAttrService"])
        let assigned = uses("func f() { var q = Queries[\"s\"]; q[kSecAttrAccount as String] = \"a\"; SecItemDelete(q as CFDictionary) }")
        XCTAssertEqual(assigned, ["SecItemDelete : kSecClass,kSecAttrService,kSecAttrAccount"])
    }

    func testAnInstanceSubscriptIsNotTheTypesAndTheTypesIsNotAnInstances() {
        // On the type, `Queries["a"]` is the static subscript; on a value, the instance one.
        XCTAssertEqual(uses("func f() { SecItemDelete(Queries[\"a\"] as CFDictionary) }"),
                       ["SecItemDelete : kSecClass,kSecAttrService"])
        XCTAssertEqual(uses("func f(q: Queries) { SecItemDelete(q[\"a\"] as CFDictionary) }"),
                       ["SecItemDelete : kSecAttrAccount"])
        // A parameter with one name has no label: `q[account: "a"]` calls no subscript of `Queries`.
        XCTAssertEqual(uses("func f(q: Queries) { SecItemDelete(q[account: \"a\"] as CFDictionary) }"), ["SecItemDelete : "])
    }
}
