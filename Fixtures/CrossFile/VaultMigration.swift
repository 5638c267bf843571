import Foundation

struct VaultMigration {
    // Wrong: the flag the base query carries is removed, so on macOS this writes to the
    // legacy file-based keychain; and the item has no account, a key the chain is known to lack.
    func writeLegacy(_ store: VaultStore, _ data: Data) -> OSStatus {
        var query = store.vaultQuery
        query[kSecUseDataProtectionKeychain as String] = nil
        query[kSecValueData as String] = data
        query[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlock
        let status = SecItemAdd(query as CFDictionary, nil) // expect: missing-data-protection-keychain@22, generic-password-missing-primary-key@22
        return status == errSecDuplicateItem ? SecItemUpdate(query as CFDictionary, [kSecValueData: data] as CFDictionary) : status // expect: missing-data-protection-keychain@48
    }

    // Right: the chain's base query already has the class, service and flag.
    func read(_ store: VaultStore, account: String) -> OSStatus {
        var query = store.vaultQuery
        query[kSecAttrAccount as String] = account
        return SecItemCopyMatching(query as CFDictionary, nil)
    }
}
