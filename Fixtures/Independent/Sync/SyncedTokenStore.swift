import Foundation
import LocalAuthentication
import Security

/// Tokens that follow the user to their other devices through iCloud Keychain.
final class SyncedTokenStore {
    private let service = "com.example.sync.tokens"

    // MARK: - Wrong: a synchronizable item that may not leave this device

    func saveSyncedToken(_ token: Data, account: String) -> OSStatus {
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecAttrSynchronizable as String: kCFBooleanTrue!,  // expect: sync-this-device-only@13
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            kSecValueData as String: token,
        ]
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    func saveSyncedPIN(_ pin: Data) -> OSStatus {
        var item = [String: Any]()
        item[kSecClass as String] = kSecClassGenericPassword
        item[kSecAttrService as String] = service
        item[kSecAttrAccount as String] = "pin"
        item[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
        item[kSecAttrSynchronizable as String] = true  // expect: sync-this-device-only@14
        item[kSecValueData as String] = pin
        return SecItemAdd(item as CFDictionary, nil)
    }

    func saveSyncedPasscodeHash(_ hash: Data) -> OSStatus {
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: "passcode",
            kSecAttrAccessible as String: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
            kSecAttrSynchronizable as String: NSNumber(value: true),  // expect: sync-this-device-only@13
            kSecValueData as String: hash,
        ]
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    func saveSyncedRecoveryCode(_ code: Data) -> OSStatus {
        let attributes: [CFString: Any] = [
            kSecClass: kSecClassGenericPassword,
            kSecAttrService: service,
            kSecAttrAccount: "recovery",
            kSecAttrSynchronizable: kCFBooleanTrue as Any,  // expect: sync-this-device-only@13
            kSecAttrAccessible: kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
            kSecValueData: code,
        ]
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    /// Biometry-protected and synced: the access control says ThisDeviceOnly.
    func saveBiometricToken(_ token: Data) throws -> OSStatus {
        guard let access = SecAccessControlCreateWithFlags(
            kCFAllocatorDefault,
            kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
            .biometryCurrentSet,
            nil
        ) else {
            throw NSError(domain: "SyncedTokenStore", code: 1)
        }
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: "biometric",
            kSecAttrAccessControl as String: access,
            kSecAttrSynchronizable as String: true,  // expect: sync-this-device-only@13
            kSecValueData as String: token,
        ]
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    // MARK: - Right

    func saveSyncedSettingsToken(_ token: Data) -> OSStatus {
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: "settings",
            kSecAttrSynchronizable as String: true,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock,
            kSecValueData as String: token,
        ]
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    func saveSyncedWithAccessControl(_ token: Data) -> OSStatus {
        guard let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, .userPresence, nil) else {
            return errSecParam
        }
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: "presence",
            kSecAttrAccessControl as String: access,
            kSecAttrSynchronizable as String: kCFBooleanTrue!,
            kSecValueData as String: token,
        ]
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    /// Device-bound and not synced: fine.
    func saveDeviceToken(_ token: Data) -> OSStatus {
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: "device",
            kSecAttrSynchronizable as String: false,
            kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
            kSecValueData as String: token,
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    /// The caller decides; the value is not known here.
    func saveToken(_ token: Data, syncs: Bool) -> OSStatus {
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: "configurable",
            kSecAttrSynchronizable as String: syncs ? kCFBooleanTrue! : kCFBooleanFalse!,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            kSecValueData as String: token,
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    /// Finds both synced and local copies.
    func allTokens() -> [[String: Any]] {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrSynchronizable as String: kSecAttrSynchronizableAny,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            kSecReturnAttributes as String: true,
            kSecMatchLimit as String: kSecMatchLimitAll,
            kSecUseDataProtectionKeychain as String: true,
        ]
        var result: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess else { return [] }
        return result as? [[String: Any]] ?? []
    }
}
