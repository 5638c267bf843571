import XCTest

/// A test's expected dictionary, only compared with the query a factory builds: it reaches no
/// operation, so its group without a Team ID is no finding. The same dictionary handed to an
/// add is one.
final class ExpectedQueryTests: XCTestCase {
    func testTheQueryNamesTheSharedGroup() {
        let query = ["group": "com.example.shared"]
        let expected: [String: String] = [
            kSecClass as String: kSecClassGenericPassword as String,
            kSecAttrService as String: "com.example.expected",
            kSecAttrAccessGroup as String: "com.example.shared",
        ]
        XCTAssertEqual(query, expected)
    }

    func testTheSharedGroupIsStored() {
        let item: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.expected",
            kSecAttrAccount as String: "me",
            kSecAttrAccessGroup as String: "com.example.shared",  // expect: access-group-team-id@13
            kSecValueData as String: Data(),
            kSecUseDataProtectionKeychain as String: true,
        ]
        XCTAssertEqual(SecItemAdd(item as CFDictionary, nil), errSecSuccess)  // expect: unhandled-duplicate-item@24
    }
}
