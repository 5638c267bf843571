import XCTest

/// `x.m(…)` with `x` a local or a stored property: the method of the type its declaration names
/// is the one applied; a value whose type cannot be read reaches no method at all.
final class ReceiverResolutionTests: XCTestCase {
    /// Two types that both declare `fetch(_:)`: only `Vault`'s reaches the keychain, so a use
    /// rendered with its route says which one the call was resolved to.
    private static let types = """
    final class Vault {
        static let shared = Vault()
        static func make() -> Self { Self() }
        static func query() -> [String: Any] { [:] }
        func fetch(_ q: [String: Any]) -> OSStatus { SecItemCopyMatching(q as CFDictionary, nil) }
        func wipe(account: String) {
            let q: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: account]
            SecItemDelete(q as CFDictionary)
        }
    }
    struct Cache {
        func fetch(_ q: [String: Any]) -> OSStatus { q.isEmpty ? 0 : 1 }
    }

    """

    /// The uses the snippet's calls make (the types' own bodies left out), as `operation route: entries`.
    private func uses(_ snippet: String) -> [String] { routedUses(of: snippet, after: Self.types) }

    private let literal = "[kSecClass as String: kSecClassGenericPassword]"

    func testALocalInitialisedWithTheTypeReachesThatTypesMethod() {
        XCTAssertEqual(uses("func f() { let v = Vault(); _ = v.fetch(\(literal)) }"),
                       ["SecItemCopyMatching Vault.fetch(_:): kSecClass"])
        XCTAssertEqual(uses("func f() { let c = Cache(); _ = c.fetch(\(literal)) }"), [])
    }

    func testAnAnnotationAStaticFactoryAndASharedInstanceNameTheType() {
        let expected = ["SecItemCopyMatching Vault.fetch(_:): kSecClass"]
        XCTAssertEqual(uses("func f(x: Any) { let v: Vault = x as! Vault; _ = v.fetch(\(literal)) }"), expected)
        XCTAssertEqual(uses("func f() { let v = Vault.make(); _ = v.fetch(\(literal)) }"), expected)
        XCTAssertEqual(uses("func f() { let v = Vault.shared; _ = v.fetch(\(literal)) }"), expected)
        XCTAssertEqual(uses("func f() async throws { let v = try await Vault.make(); _ = v?.fetch(\(literal)) }"), expected)
    }

    func testAStoredPropertyNamesTheTypeWithOrWithoutSelf() {
        let expected = ["SecItemCopyMatching Vault.fetch(_:): kSecClass"]
        XCTAssertEqual(uses("struct S { private let vault = Vault()\n func f() { _ = vault.fetch(\(literal)) } }"), expected)
        XCTAssertEqual(uses("struct S { var vault: Vault\n func f() { _ = self.vault.fetch(\(literal)) } }"), expected)
        XCTAssertEqual(uses("struct S { var vault: Vault?\n func f() { guard let vault else { return }\n _ = vault.fetch(\(literal)) } }"), expected)
    }

    func testAValueWhoseTypeCannotBeReadReachesNoMethod() {
        XCTAssertEqual(uses("func f() { let v = makeStore(); _ = v.fetch(\(literal)) }"), [])
        XCTAssertEqual(uses("func f() { let v = Vault.query(); _ = v.fetch(\(literal)) }"), [])
        XCTAssertEqual(uses("struct S { let store = build()\n func f() { _ = store.fetch(\(literal)) } }"), [])
    }

    func testAMethodThatDeletesItsOwnItemIsADeleteAtTheCall() {
        XCTAssertEqual(uses("func f() { let v = Vault(); v.wipe(account: \"a\") }"), ["SecItemDelete Vault.wipe(account:): "])
        XCTAssertEqual(uses("func f() { let v = makeStore(); v.wipe(account: \"a\") }"), [])
    }
}
