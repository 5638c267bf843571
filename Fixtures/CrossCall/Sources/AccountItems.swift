import Foundation
import Security

// Conformers and subclasses of KeychainItemBase.swift: each operation is where its dictionary is used.

struct OAuthRefreshToken: KeychainStorable {
    let service = "com.example.oauth"
    let account = "refresh"

    // Wrong: the protocol extension's base query has no flag.
    func delete() -> OSStatus {
        SecItemDelete(baseQuery as CFDictionary)  // expect: missing-data-protection-keychain@9
    }

    // Right: the extension's item query has it.
    func exists() -> Bool {
        SecItemCopyMatching(itemQuery as CFDictionary, nil) == errSecSuccess
    }
}

struct CalendarFeedPassword: KeychainStorable {
    let service = "com.example.calendar"
    let account: String

    // Right
    func password() -> Data? {
        var query = itemQuery
        query[kSecReturnData as String] = true
        var result: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess else { return nil }
        return result as? Data
    }

    // Wrong: extended from the base query, still without the flag.
    func replace(with password: Data) -> OSStatus {
        var query = baseQuery
        query[kSecAttrLabel as String] = "Calendar feed"
        return SecItemUpdate(query as CFDictionary, [kSecValueData as String: password] as CFDictionary)  // expect: missing-data-protection-keychain@16
    }
}

final class DeviceNameRecord: KeychainRecord {
    init() {
        super.init(service: "com.example.device-name")
    }

    // Wrong: the base class's query has no flag.
    func read() -> Data? {
        var query = lookupQuery
        query[kSecReturnData as String] = true
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)  // expect: missing-data-protection-keychain@22
        return status == errSecSuccess ? result as? Data : nil
    }

    // Right: the subclass adds it.
    func remove() -> OSStatus {
        var query = lookupQuery
        query[kSecUseDataProtectionKeychain as String] = true
        return SecItemDelete(query as CFDictionary)
    }
}
