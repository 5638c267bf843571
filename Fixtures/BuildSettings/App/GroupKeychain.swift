import Foundation
import Security

/// The groups App.entitlements grants through build settings (Config/*.xcconfig, project.pbxproj).
enum GroupKeychain {
    // Right: $(CFG_KEYCHAIN_GROUP_ID) is ABCDE12345.com.example.shared.
    static func saveShared(_ token: Data) -> OSStatus {
        SecItemAdd([
            kSecClass: kSecClassGenericPassword,
            kSecAttrService: "com.example.session",
            kSecAttrAccount: "shared",
            kSecAttrAccessGroup: "ABCDE12345.com.example.shared",
            kSecValueData: token,
        ] as CFDictionary, nil)
    }

    // Right: $(DEVELOPMENT_TEAM) is ABCDE12345 in project.pbxproj.
    static func saveTeam(_ token: Data) -> OSStatus {
        SecItemAdd([
            kSecClass: kSecClassGenericPassword,
            kSecAttrService: "com.example.session",
            kSecAttrAccount: "team",
            kSecAttrAccessGroup: "ABCDE12345.com.example.team",
            kSecValueData: token,
        ] as CFDictionary, nil)
    }

    // Right: the app group, $(CFG_APP_GROUP_ID) on iOS.
    static func loadFromAppGroup() -> Data? {
        var result: CFTypeRef?
        let status = SecItemCopyMatching([
            kSecClass: kSecClassGenericPassword,
            kSecAttrService: "com.example.session",
            kSecAttrAccessGroup: "group.com.example.shared",
            kSecReturnData: true,
        ] as CFDictionary, &result)
        return status == errSecSuccess ? result as? Data : nil
    }

    // Wrong: no setting of the project makes this group.
    static func saveOther(_ token: Data) -> OSStatus {
        SecItemAdd([
            kSecClass: kSecClassGenericPassword,
            kSecAttrService: "com.example.session",
            kSecAttrAccount: "other",
            kSecAttrAccessGroup: "ABCDE12345.com.example.other",  // expect: access-group-not-entitled@13
            kSecValueData: token,
        ] as CFDictionary, nil)
    }
}
