import Foundation

/// Not items: a fake lookup for tests hands back what a real one would find through its
/// out-parameter. The web address in a generic password's service and the group without a Team
/// ID are data the fake returns, not an item the code stores.
enum FakeKeychain {
    static let copyMatching: (CFDictionary, UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus = { _, result in
        let found: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "https://accounts.example.com",
            kSecAttrAccount as String: "me@example.com",
            kSecAttrAccessGroup as String: "Shared Credentials",
            kSecValueData as String: Data("secret".utf8),
        ]
        let other: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "https://mail.example.com",
            kSecValueData as String: Data(),
        ]
        result?.pointee = [found, other] as CFArray
        return errSecSuccess
    }
}
