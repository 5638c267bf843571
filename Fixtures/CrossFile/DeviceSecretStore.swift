import Foundation
import Security

struct DeviceSecretStore {
    // Wrong: the helper in QueryBuilder.swift makes the item synchronizable, and the call site
    // adds a ThisDeviceOnly accessibility. The finding is reported at this file's entry, the one to fix.
    func save(_ secret: Data) -> OSStatus {
        var query = QueryBuilder.synced
        query[kSecAttrAccount as String] = "device-secret"
        query[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly // expect: sync-this-device-only@15
        query[kSecValueData as String] = secret
        return SecItemAdd(query as CFDictionary, nil)
    }

    // Right: the base query carries kSecUseDataProtectionKeychain, so macOS uses the data
    // protection keychain even though this file does not say so.
    func load(account: String) -> Data? {
        var query = QueryBuilder.base(service: "com.example.device")
        query[kSecAttrAccount as String] = account
        query[kSecReturnData as String] = true
        var result: CFTypeRef?
        guard SecurityFunctions.secItemCopyMatching(query as CFDictionary, &result) == errSecSuccess else { return nil }
        return result as? Data
    }

    // Right: kSecAttrAccessibleAlwaysThisDeviceOnly is this module's own name (LegacyShims.swift), not the
    // deprecated Security constant.
    func saveLegacy(_ secret: Data) -> OSStatus {
        var query = QueryBuilder.base(service: "com.example.legacy")
        query[kSecAttrAccount as String] = "legacy-secret"
        query[kSecAttrAccessible as String] = kSecAttrAccessibleAlwaysThisDeviceOnly
        query[kSecValueData as String] = secret
        return SecItemAdd(query as CFDictionary, nil)
    }
}
