import Foundation
import Security

/// One store for the iOS app and the Mac app.
struct CrossPlatformStore {
    let service = "com.example.crossplatform"

    func save(_ secret: Data, account: String) -> OSStatus {
        var item: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecValueData as String: secret,
        ]
        #if os(iOS)
        item[kSecAttrAccessGroup as String] = "ABCDE12345.com.example.crossplatform"
        #else
        item[kSecUseDataProtectionKeychain as String] = true
        #endif
        return SecItemAdd(item as CFDictionary, nil)
    }

    /// The flag is set on iOS only, so the Mac build still uses the file-based keychain.
    func read(account: String) -> Data? {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecReturnData as String: true,
        ]
        #if os(iOS)
        query[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlock
        #endif
        var result: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess else { return nil }  // expect: missing-data-protection-keychain@15
        return result as? Data
    }

    func delete(account: String) -> OSStatus {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
        return SecItemDelete(query as CFDictionary)
        #elseif os(macOS)
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
        return SecItemDelete(query as CFDictionary)  // expect: missing-data-protection-keychain@16
        #else
        return errSecUnimplemented
        #endif
    }

    func saveWidgetToken(_ token: Data) -> OSStatus {
        #if !os(macOS)
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.widget",
            kSecAttrAccount as String: "widget",
            kSecAttrAccessGroup as String: "widgets.shared",  // expect: access-group-team-id@13
            kSecValueData as String: token,
        ]
        return SecItemAdd(attributes as CFDictionary, nil)
        #else
        return errSecUnimplemented
        #endif
    }

    func saveCatalystToken(_ token: Data) -> OSStatus {
        #if targetEnvironment(macCatalyst)
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.catalyst",
            kSecAttrAccount as String: "catalyst",
            kSecValueData as String: token,
        ]
        return SecItemAdd(attributes as CFDictionary, nil)
        #else
        return save(token, account: "catalyst")
        #endif
    }

    /// A run-time check is not a platform branch: the Mac still runs this.
    func saveAvailable(_ token: Data) -> OSStatus {
        if #available(iOS 15, *) {
            let attributes: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: service,
                kSecAttrAccount as String: "available",
                kSecValueData as String: token,
            ]
            return SecItemAdd(attributes as CFDictionary, nil)  // expect: missing-data-protection-keychain@20
        }
        return errSecUnimplemented
    }
}
