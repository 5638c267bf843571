import Foundation
import Security

/// The Mac app's keychain layer. Much of it predates the data protection keychain.
final class LegacyKeychain {
    let service = "com.example.mac.notes"

    // MARK: - Wrong: these go to the file-based keychain on macOS

    func save(_ secret: Data, account: String) -> OSStatus {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecValueData as String: secret,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock,
        ]
        let status = SecItemAdd(query as CFDictionary, nil)  // expect: missing-data-protection-keychain@22
        if status == errSecDuplicateItem {
            return update(secret, account: account)
        }
        return status
    }

    func read(account: String) -> Data? {
        var result: CFTypeRef?
        let status = SecItemCopyMatching([  // expect: missing-data-protection-keychain@42, sync-query-missing-synchronizable@42
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecReturnData as String: true,
        ] as CFDictionary, &result)
        return status == errSecSuccess ? result as? Data : nil
    }

    /// The attributes carry the flag, the query does not.
    func update(_ secret: Data, account: String) -> OSStatus {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
        let changes: [String: Any] = [
            kSecValueData as String: secret,
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemUpdate(query as CFDictionary, changes as CFDictionary)  // expect: missing-data-protection-keychain@16, sync-query-missing-synchronizable@16
    }

    func delete(account: String) -> Bool {
        var query = [String: Any]()
        query[kSecClass as String] = kSecClassGenericPassword
        query[kSecAttrService as String] = service
        query[kSecAttrAccount as String] = account
        guard SecItemDelete(query as CFDictionary) == errSecSuccess else { return false }  // expect: missing-data-protection-keychain@15, sync-query-missing-synchronizable@15
        return true
    }

    /// A persistent-reference lookup still needs the flag.
    func item(for reference: Data) -> [String: Any]? {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecValuePersistentRef as String: reference,
            kSecReturnAttributes as String: true,
        ]
        var result: AnyObject?
        let status = withUnsafeMutablePointer(to: &result) { SecItemCopyMatching(query as CFDictionary, $0) }  // expect: missing-data-protection-keychain@62
        return status == errSecSuccess ? result as? [String: Any] : nil
    }

    func attributes(of key: SecKey) -> [String: Any]? {
        let query: [String: Any] = [
            kSecClass as String: kSecClassKey,
            kSecValueRef as String: key,
            kSecReturnAttributes as String: true,
        ]
        var result: CFTypeRef?
        let status = SecItemCopyMatching(  // expect: missing-data-protection-keychain@22
            query as CFDictionary,
            &result
        )
        return status == errSecSuccess ? result as? [String: Any] : nil
    }

    /// The caller decides whether the item syncs; that does not choose the keychain here.
    func saveMaybeSynced(_ secret: Data, syncs: Bool) -> OSStatus {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: "maybe-synced",
            kSecAttrSynchronizable as String: syncs,
            kSecValueData as String: secret,
        ]
        return SecItemAdd(query as CFDictionary, nil)  // expect: missing-data-protection-keychain@16
    }

    // MARK: - Right

    func saveModern(_ secret: Data, account: String) -> OSStatus {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecValueData as String: secret,
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(query as CFDictionary, nil)
    }

    func readModern(account: String) -> Data? {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecReturnData as String: true,
        ]
        #if os(macOS)
        query[kSecUseDataProtectionKeychain as String] = true
        #endif
        var result: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess else { return nil }  // expect: sync-query-missing-synchronizable@15
        return result as? Data
    }

    /// Explicitly the file-based keychain: a deliberate choice.
    func deleteFromLoginKeychain(account: String) -> OSStatus {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecUseDataProtectionKeychain as String: false,
        ]
        return SecItemDelete(query as CFDictionary)  // expect: sync-query-missing-synchronizable@16
    }

    /// Writes into a keychain file the admin tool created.
    func saveToKeychainFile(_ secret: Data, keychain: SecKeychain) -> OSStatus {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: "exported",
            kSecValueData as String: secret,
            kSecUseKeychain as String: keychain,
        ]
        return SecItemAdd(query as CFDictionary, nil)
    }

    func findInKeychains(_ keychains: [SecKeychain]) -> Data? {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecMatchSearchList as String: keychains,
            kSecReturnData as String: true,
        ]
        var result: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess else { return nil }  // expect: sync-query-missing-synchronizable@15
        return result as? Data
    }

    func saveWithTrustedApps(_ secret: Data, access: SecAccess) -> OSStatus {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: "shared-with-helper",
            kSecValueData as String: secret,
            kSecAttrAccess as String: access,
        ]
        return SecItemAdd(query as CFDictionary, nil)
    }

    /// Synchronizable items live in the data protection keychain anyway.
    func saveSynced(_ secret: Data) -> OSStatus {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: "synced",
            kSecAttrSynchronizable as String: true,
            kSecValueData as String: secret,
        ]
        return SecItemAdd(query as CFDictionary, nil)
    }

    func deleteAllSynced() -> OSStatus {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrSynchronizable as String: kCFBooleanTrue!,
        ]
        return SecItemDelete(query as CFDictionary)
    }
}
