import Foundation
import Security

/// Correct patterns from the keychain item-class reference, written as app code.
enum ItemClassExamples {
    static func saveAPIToken(_ tokenString: String) -> OSStatus {
        let addQuery: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.myapp.api",
            kSecAttrAccount as String: "oauth-refresh-token",
            kSecValueData as String: tokenString.data(using: .utf8)!,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(addQuery as CFDictionary, nil)
    }

    static func saveWebCredential(user: String, password: String) -> OSStatus {
        let addQuery: [String: Any] = [
            kSecClass as String: kSecClassInternetPassword,
            kSecAttrServer as String: "example.com",
            kSecAttrProtocol as String: kSecAttrProtocolHTTPS,
            kSecAttrAccount as String: user,
            kSecValueData as String: password.data(using: .utf8)!,
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(addQuery as CFDictionary, nil)
    }

    static func upsert(_ data: Data) -> OSStatus {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.myapp.api",
            kSecAttrAccount as String: "session",
            kSecUseDataProtectionKeychain as String: true,
        ]
        var addQuery = query
        addQuery[kSecValueData as String] = data
        addQuery[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
        var status = SecItemAdd(addQuery as CFDictionary, nil)
        if status == errSecDuplicateItem {
            status = SecItemUpdate(query as CFDictionary, [kSecValueData as String: data] as CFDictionary)
        }
        return status
    }

    static func sharedItem(_ password: Data) -> OSStatus {
        let teamID = "SKMME9E2Y8"
        let accessGroup = "\(teamID).com.example.SharedItems"
        let addQuery: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.authService",
            kSecAttrAccount as String: "user@example.com",
            kSecAttrAccessGroup as String: accessGroup,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            kSecValueData as String: password,
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(addQuery as CFDictionary, nil)
    }
}
