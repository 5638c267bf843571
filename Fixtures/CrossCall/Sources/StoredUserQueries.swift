import Foundation
import Security

// A user store whose helpers take the query or a flag from their caller: an add that merges the
// caller's query into its own attributes, and a query builder that makes the item synchronizable
// when the caller shares it across devices.
final class StoredUserStore {
    // The caller's query carries the flag (genericQuery): the merged add is on the data protection keychain.
    func setItem(_ item: Data, withQuery query: [String: Any]) -> OSStatus {
        let attributes: [String: Any] = [
            kSecValueData as String: item,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
        ]
        let combined = attributes.merging(query) { _, last in last }
        let status = SecItemAdd(combined as CFDictionary, nil)
        return status == errSecDuplicateItem ? SecItemUpdate(query as CFDictionary, attributes as CFDictionary) : status
    }

    // Options the caller may fill: nothing says the flag is missing.
    func setItem(_ item: Data, options: [String: Any]) -> OSStatus {
        var attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.user",
            kSecAttrAccount as String: "options",
            kSecValueData as String: item,
        ]
        attributes.merge(options) { _, new in new }
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    func save(_ item: Data, forKey key: String) -> OSStatus {
        setItem(item, withQuery: genericQuery(key: key))
    }

    // Wrong: this caller's query has no flag, and setItem adds it as it is.
    func saveLegacy(_ item: Data, forKey key: String) -> OSStatus {
        setItem(item, withQuery: [  // expect: missing-data-protection-keychain@34
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.user.legacy",
            kSecAttrAccount as String: key,
        ])
    }

    // Right: synchronizable and ThisDeviceOnly are set on opposite values of one flag.
    func setStoredUser(_ user: Data, shareAcrossDevices: Bool) -> OSStatus {
        var query = userQuery(shareAcrossDevices: shareAcrossDevices)
        if shareAcrossDevices {
            query[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlock
        } else {
            query[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        }
        query[kSecValueData as String] = user
        let status = SecItemAdd(query as CFDictionary, nil)
        return status == errSecDuplicateItem ? SecItemUpdate(query as CFDictionary, [kSecValueData as String: user] as CFDictionary) : status
    }

    // Wrong: ThisDeviceOnly when the flag is true, which is when the helper makes the item synchronizable.
    func setPinnedUser(_ user: Data, shareAcrossDevices: Bool) -> OSStatus {
        var query = pinnedUserQuery(shareAcrossDevices: shareAcrossDevices)
        if shareAcrossDevices {
            query[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
        }
        query[kSecValueData as String] = user
        let status = SecItemAdd(query as CFDictionary, nil)
        return status == errSecDuplicateItem ? SecItemUpdate(query as CFDictionary, [kSecValueData as String: user] as CFDictionary) : status
    }

    private func genericQuery(key: String) -> [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.user",
            kSecAttrAccount as String: key,
        ]
        query[kSecUseDataProtectionKeychain as String] = true
        return query
    }

    private func userQuery(shareAcrossDevices: Bool) -> [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.user.stored",
            kSecAttrAccount as String: "current",
            kSecUseDataProtectionKeychain as String: true,
        ]
        if shareAcrossDevices {
            query[kSecAttrSynchronizable as String] = true
        }
        return query
    }

    private func pinnedUserQuery(shareAcrossDevices: Bool) -> [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.user.pinned",
            kSecAttrAccount as String: "current",
            kSecUseDataProtectionKeychain as String: true,
        ]
        if shareAcrossDevices {
            // The conflict is reported at the helper's entry, which both settings meet.
            query[kSecAttrSynchronizable as String] = true  // expect: sync-this-device-only@19
        }
        return query
    }
}
