import Foundation
import Security

/// An iOS-only package: SecItem always uses the data protection keychain here.
struct TokenStore {
    func save(_ token: Data) -> OSStatus {
        SecItemAdd([
            kSecClass: kSecClassGenericPassword,
            kSecAttrService: "com.example.tokenapp",
            kSecAttrAccount: "session",
            kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock,
            kSecValueData: token,
        ] as CFDictionary, nil)
    }

    func load() -> Data? {
        var result: CFTypeRef?
        let query = [kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example.tokenapp", kSecReturnData: true] as CFDictionary
        return SecItemCopyMatching(query, &result) == errSecSuccess ? result as? Data : nil
    }
}
