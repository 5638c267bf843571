import Foundation
import Security

struct TokenRefresher {
    let session = SessionCheck()

    // Right: the item is deleted first, by `session.testConnection()` (SessionCheck.swift: an
    // app's function, not a test), so the add cannot meet a duplicate.
    func replaceToken(_ token: Data) -> Bool {
        session.testConnection()
        let status = SecItemAdd([
            kSecClass: kSecClassGenericPassword,
            kSecAttrService: "com.example.session",
            kSecAttrAccount: "token",
            kSecValueData: token,
            kSecUseDataProtectionKeychain: true,
        ] as CFDictionary, nil)
        return status == errSecSuccess
    }
}
