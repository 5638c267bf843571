import Foundation
import Security

/// The app and its extensions share the session through the groups in SharedApp.entitlements.
enum SessionKeychain {
    static let teamID = "ABCDE12345"

    // Right: $(AppIdentifierPrefix)com.example.shared is entitled.
    static func save(_ token: Data) -> OSStatus {
        SecItemAdd([
            kSecClass: kSecClassGenericPassword,
            kSecAttrService: "com.example.session",
            kSecAttrAccount: "current",
            kSecAttrAccessGroup: "\(teamID).com.example.shared",
            kSecValueData: token,
        ] as CFDictionary, nil)
    }

    // Wrong: the watch group is in no entitlements file.
    static func saveForWatch(_ token: Data) -> OSStatus {
        var query = [String: Any]()
        query[kSecClass as String] = kSecClassGenericPassword
        query[kSecAttrService as String] = "com.example.session"
        query[kSecAttrAccount as String] = "watch"
        query[kSecAttrAccessGroup as String] = "\(teamID).com.example.watch"  // expect: access-group-not-entitled@15
        query[kSecValueData as String] = token
        return SecItemAdd(query as CFDictionary, nil)
    }

    // Right: the app group is entitled too.
    static func load() -> Data? {
        var result: CFTypeRef?
        let status = SecItemCopyMatching([
            kSecClass: kSecClassGenericPassword,
            kSecAttrService: "com.example.session",
            kSecAttrAccessGroup: "group.com.example.shared",
            kSecReturnData: true,
        ] as CFDictionary, &result)
        return status == errSecSuccess ? result as? Data : nil
    }
}
