import Foundation
import Security

/// Dictionaries keyed through `ItemKeyName` (ItemKeyNames.swift): the flag set through the enum
/// counts, and a dictionary without it is reported.
final class MappedKeyStore {
    func save(_ secret: Data, account: String) -> OSStatus {
        let item: [String: Any] = [
            ItemKeyName.itemClass.value(): kSecClassGenericPassword,
            ItemKeyName.service.value(): "com.example.mapped",
            ItemKeyName.account.value(): account,
            ItemKeyName.secret.value(): secret,
            ItemKeyName.dataProtection.value(): true,
        ]
        return SecItemAdd(item as CFDictionary, nil)
    }

    func read(account: String) -> OSStatus {
        let query: [CFString: Any] = [
            ItemKeyName.itemClass.key: kSecClassGenericPassword,
            ItemKeyName.service.key: "com.example.mapped",
            ItemKeyName.account.key: account,
            ItemKeyName.dataProtection.key: true,
        ]
        return SecItemCopyMatching(query as CFDictionary, nil)
    }

    func remove(account: String) -> OSStatus {
        let query: [String: Any] = [
            ItemKeyName.itemClass.value(): kSecClassGenericPassword,
            ItemKeyName.service.value(): "com.example.mapped",
            ItemKeyName.account.value(): account,
        ]
        return SecItemDelete(query as CFDictionary)  // expect: missing-data-protection-keychain@16
    }

    // Without the service: a generic password the next add collides with.
    func keep(_ secret: Data, account: String) -> OSStatus {
        let item: [String: Any] = [
            ItemKeyName.itemClass.value(): kSecClassGenericPassword,
            ItemKeyName.account.value(): account,
            ItemKeyName.secret.value(): secret,
            ItemKeyName.dataProtection.value(): true,
        ]
        return SecItemAdd(item as CFDictionary, nil)  // expect: generic-password-missing-primary-key@16
    }
}
