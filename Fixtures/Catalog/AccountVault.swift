import Foundation
import Security

/// The account vault: web credentials, synced tokens, shared items and the device key.
final class AccountVault {
    enum VaultError: Error { case status(OSStatus) }
    private let service = "com.example.vault"
    private let sharedGroup = "group.com.example.vault"

    // Wrong: kSecAttrService is not an internet-password attribute.
    func saveWebPassword(_ password: Data, user: String) throws {
        let query: [String: Any] = [
            kSecClass as String: kSecClassInternetPassword,
            kSecAttrServer as String: "vault.example.com",
            kSecAttrService as String: service,  // expect: internet-password-invalid-attribute@13
            kSecAttrAccount as String: user,
            kSecValueData as String: password,
            kSecUseDataProtectionKeychain as String: true,
        ]
        let status = SecItemAdd(query as CFDictionary, nil)
        guard status == errSecSuccess || status == errSecDuplicateItem else { throw VaultError.status(status) }
    }

    // Wrong: no account, and the status is dropped.
    func saveRecoveryCode(_ code: Data) {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccessible as String: kSecAttrAccessibleAlways,  // expect: deprecated-accessibility@43
            kSecValueData as String: code,
            kSecUseDataProtectionKeychain as String: true,
        ]
        SecItemAdd(query as CFDictionary, nil)  // expect: generic-password-missing-primary-key@9, unhandled-duplicate-item@9
    }

    // Wrong: the access group of an item cannot be changed.
    func moveToShared() -> OSStatus {
        let query = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
                     kSecUseDataProtectionKeychain as String: true] as [String: Any]
        let changes = [kSecAttrAccessGroup as String: "ABCDE12345.com.example.vault"]  // expect: access-group-update@24
        return SecItemUpdate(query as CFDictionary, changes as CFDictionary)
    }

    // Wrong on the Mac build: an app group is not a keychain access group there.
    func loadShared() -> Data? {
        var result: CFTypeRef?
        var query = [String: Any]()
        query[kSecClass as String] = kSecClassGenericPassword
        query[kSecAttrService as String] = service
        query[kSecAttrAccessGroup as String] = sharedGroup  // expect: app-group-on-macos@15
        query[kSecReturnData as String] = true
        query[kSecUseDataProtectionKeychain as String] = true
        return SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess ? result as? Data : nil
    }

    // Wrong: a key looked up by a label made from a string.
    func deviceKey(named name: String) -> SecKey? {
        var item: CFTypeRef?
        let status = SecItemCopyMatching([
            kSecClass: kSecClassKey,
            kSecAttrKeyType: kSecAttrKeyTypeECSECPrimeRandom,
            kSecAttrApplicationLabel: name.data(using: .utf8)!,  // expect: application-label-string@13
            kSecReturnRef: true,
            kSecUseDataProtectionKeychain: true,
        ] as CFDictionary, &item)
        return status == errSecSuccess ? (item as! SecKey) : nil
    }

    // The synced token is added as synchronizable ...
    func saveSyncedToken(_ token: Data) -> OSStatus {
        SecItemAdd([
            kSecClass: kSecClassGenericPassword,
            kSecAttrService: "com.example.vault.sync",
            kSecAttrAccount: "token",
            kSecAttrSynchronizable: true,
            kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock,
            kSecValueData: token,
        ] as CFDictionary, nil)
    }

    // ... so a query without kSecAttrSynchronizable never finds it.
    func deleteSyncedToken() -> OSStatus {
        SecItemDelete([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example.vault.sync",  // expect: sync-query-missing-synchronizable@23
                       kSecUseDataProtectionKeychain: true] as CFDictionary)
    }

    // Right: the synced token read with kSecAttrSynchronizableAny; an update that handles the duplicate.
    func loadSyncedToken() -> Data? {
        var result: CFTypeRef?
        let status = SecItemCopyMatching([
            kSecClass: kSecClassGenericPassword,
            kSecAttrService: "com.example.vault.sync",
            kSecAttrSynchronizable: kSecAttrSynchronizableAny,
            kSecReturnData: true,
            kSecUseDataProtectionKeychain: true,
        ] as CFDictionary, &result)
        return status == errSecSuccess ? result as? Data : nil
    }

    func upsert(_ secret: Data, account: String) -> OSStatus {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecUseDataProtectionKeychain as String: true,
        ]
        var add = query
        add[kSecValueData as String] = secret
        add[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        let status = SecItemAdd(add as CFDictionary, nil)
        guard status == errSecDuplicateItem else { return status }
        return SecItemUpdate(query as CFDictionary, [kSecValueData as String: secret] as CFDictionary)
    }
}
