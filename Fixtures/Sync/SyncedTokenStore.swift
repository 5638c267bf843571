import Foundation
import Security

/// Keeps the sign-in token in iCloud Keychain so the user's other devices stay signed in.
struct SyncedTokenStore {
    private let service = "com.example.sync.token"

    // Wrong: a ThisDeviceOnly item cannot be synchronized.
    func save(_ token: Data) -> OSStatus {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: "primary",
            kSecAttrSynchronizable as String: kCFBooleanTrue!,  // expect: sync-this-device-only@13
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            kSecValueData as String: token,
        ]
        return SecItemAdd(query as CFDictionary, nil)
    }

    // Wrong: the access control's protection is ThisDeviceOnly.
    func saveProtected(_ token: Data) -> OSStatus {
        guard let access = SecAccessControlCreateWithFlags(
            nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .userPresence, nil
        ) else { return errSecParam }
        var query = [String: Any]()
        query[kSecClass as String] = kSecClassGenericPassword
        query[kSecAttrService as String] = service
        query[kSecAttrAccount as String] = "protected"
        query[kSecAttrSynchronizable as String] = NSNumber(value: true)  // expect: sync-this-device-only@15
        query[kSecAttrAccessControl as String] = access
        query[kSecValueData as String] = token
        return SecItemAdd(query as CFDictionary, nil)
    }

    // Right: a synced item with an accessibility that allows syncing.
    func saveSynced(_ token: Data) -> OSStatus {
        SecItemAdd([
            kSecClass: kSecClassGenericPassword,
            kSecAttrService: service,
            kSecAttrAccount: "synced",
            kSecAttrSynchronizable: true,
            kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock,
            kSecValueData: token,
        ] as CFDictionary, nil)
    }

    // Right: the synced item is read with kSecAttrSynchronizableAny.
    func load() -> Data? {
        var result: CFTypeRef?
        let status = SecItemCopyMatching([
            kSecClass: kSecClassGenericPassword,
            kSecAttrService: service,
            kSecAttrAccount: "synced",
            kSecAttrSynchronizable: kSecAttrSynchronizableAny,
            kSecReturnData: true,
            kSecUseDataProtectionKeychain: true,
        ] as CFDictionary, &result)
        return status == errSecSuccess ? result as? Data : nil
    }
}
