import Foundation
import Security

/// Credentials shared between the app, its widgets and its share extension.
enum SharedKeychain {
    static let teamID = "ABCDE12345"
    static let sharedGroup = "\(teamID).com.example.shared"
    static let suiteGroup = "group.com.example.suite"

    /// Written into the entitlements by Xcode; in code it stays literally this text.
    static let entitlementTemplate = "$(AppIdentifierPrefix)com.example.shared"  // expect: access-group-team-id@38

    // MARK: - Wrong

    static func saveSessionWithoutTeamID(_ session: Data) -> OSStatus {
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.session",
            kSecAttrAccount as String: "current",
            kSecAttrAccessGroup as String: "com.example.shared",  // expect: access-group-team-id@13
            kSecValueData as String: session,
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    static func sessionFromBuildVariable() -> Data? {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecUseDataProtectionKeychain as String: true,
        ]
        query[kSecAttrService as String] = "com.example.session"
        query[kSecAttrAccessGroup as String] = "$(AppIdentifierPrefix)com.example.shared"  // expect: access-group-team-id@48
        query[kSecReturnData as String] = true
        var result: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess else { return nil }
        return result as? Data
    }

    static func deleteWidgetCache() -> OSStatus {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.widget",
            kSecAttrAccessGroup as String: "$(TeamIdentifierPrefix)com.example.widgets",  // expect: access-group-team-id@44
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemDelete(query as CFDictionary)
    }

    /// Nine characters: one short of a Team ID.
    static func saveExtensionToken(_ token: Data) -> OSStatus {
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.extension",
            kSecAttrAccount as String: "token",
            kSecAttrAccessGroup as String: "ABCDE1234.com.example.shared",  // expect: access-group-team-id@13
            kSecValueData as String: token,
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    static func saveBareGroup(_ token: Data) -> OSStatus {
        var attributes = [String: Any]()
        attributes[kSecClass as String] = kSecClassGenericPassword
        attributes[kSecAttrService as String] = "com.example.bare"
        attributes[kSecAttrAccount as String] = "token"
        attributes.updateValue(legacyGroup, forKey: kSecAttrAccessGroup as String)  // expect: access-group-team-id@53
        attributes[kSecValueData as String] = token
        attributes[kSecUseDataProtectionKeychain as String] = true
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    // MARK: - Right

    static func saveSharedToken(_ token: Data) -> OSStatus {
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.session",
            kSecAttrAccount as String: "current",
            kSecAttrAccessGroup as String: "ABCDE12345.com.example.shared",
            kSecValueData as String: token,
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    static func saveSuiteToken(_ token: Data) -> OSStatus {
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.suite",
            kSecAttrAccount as String: "current",
            kSecAttrAccessGroup as String: "group.com.example.suite",  // expect: app-group-on-macos@13
            kSecValueData as String: token,
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    static func saveInterpolatedGroup(_ token: Data) -> OSStatus {
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.session",
            kSecAttrAccount as String: "backup",
            kSecAttrAccessGroup as String: "\(teamID).com.example.shared",
            kSecValueData as String: token,
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    static func sharedToken(accessGroup: String = sharedGroup) -> Data? {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.session",
            kSecAttrAccessGroup as String: accessGroup,
            kSecReturnData as String: true,
            kSecMatchLimit as String: kSecMatchLimitOne,
            kSecUseDataProtectionKeychain as String: true,
        ]
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        return status == errSecSuccess ? result as? Data : nil
    }

    static func suiteTokenQuery() -> [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.suite",
            kSecAttrAccessGroup as String: suiteGroup,  // expect: app-group-on-macos@13
            kSecUseDataProtectionKeychain as String: true,
        ]
    }
}

private let legacyGroup = "com.example.legacy-shared"
