import Foundation
import Security

/// Shares the session token between the app and its widget.
enum SharedKeychain {
    static let teamID = "ABCDE12345"
    static let sharedGroup = "\(teamID).com.example.shared"
    static let appGroup = "group.com.example.shared"

    // Wrong: the group has no Team ID prefix.
    static func saveSession(_ token: Data) -> OSStatus {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.session",
            kSecAttrAccount as String: "current",
            kSecAttrAccessGroup as String: "com.example.shared",  // expect: access-group-team-id@13
            kSecValueData as String: token,
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(query as CFDictionary, nil)
    }

    // Wrong: build variables are expanded in entitlements, not in code.
    static func loadSession() -> Data? {
        var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecUseDataProtectionKeychain as String: true]
        query[kSecAttrService as String] = "com.example.session"
        query[kSecAttrAccessGroup as String] = "$(AppIdentifierPrefix)com.example.shared"  // expect: access-group-team-id@48
        query[kSecReturnData as String] = true
        var result: CFTypeRef?
        return SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess ? result as? Data : nil
    }

    // Right: the full group, reached through constants.
    static func saveSharedSession(_ token: Data) -> OSStatus {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.session",
            kSecAttrAccount as String: "current",
            kSecAttrAccessGroup as String: sharedGroup,
            kSecValueData as String: token,
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(query as CFDictionary, nil)
    }

    // Right: a group read at run time is unknown and never fires on its own.
    static func deleteSession(group: String) -> OSStatus {
        SecItemDelete([
            kSecClass: kSecClassGenericPassword,
            kSecAttrService: "com.example.session",
            kSecAttrAccessGroup: group,
            kSecUseDataProtectionKeychain: true,
        ] as CFDictionary)
    }
}
