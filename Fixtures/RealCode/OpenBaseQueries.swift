import Foundation
import Security

// Dictionaries that start from one this file cannot read: a parameter, another object's property,
// a tuple-bound result. What is written here is judged; a key the base may already hold is not
// reported missing, unless this code removes it.
struct OpenBaseQueries {
    // Wrong twice: a raw deprecated accessibility and an access group without Team ID, both
    // written here, whatever `base` holds.
    func legacyQuery(from base: [String: AnyHashable]) -> [String: AnyHashable] {
        var query = base
        query[kSecAttrAccessible as String] = "dku" // expect: deprecated-accessibility@47
        query[kSecAttrAccessGroup as String] = "shared.tokens" // expect: access-group-team-id@15
        return query
    }

    // Wrong: the status is compared with success only; a duplicate is thrown away as a failure
    // that does not say which.
    static func add(attributes: [String: AnyHashable]) throws {
        let status = SecItemAdd(attributes as CFDictionary, nil) // expect: unhandled-duplicate-item@22
        guard status == errSecSuccess else { throw CocoaError(.fileWriteUnknown) }
    }

    // Right: the base may carry kSecUseDataProtectionKeychain; nothing here says it does not.
    func read(options: [String: AnyHashable], account: String) -> OSStatus {
        var query = options
        query[kSecAttrAccount as String] = account
        query[kSecReturnData as String] = true
        return SecItemCopyMatching(query as CFDictionary, nil)
    }

    // Wrong: the flag is removed here, so nothing the base holds can supply it.
    func readLegacy(options: [String: AnyHashable]) -> OSStatus {
        var query = options
        query[kSecUseDataProtectionKeychain as String] = nil
        return SecItemCopyMatching(query as CFDictionary, nil) // expect: missing-data-protection-keychain@16
    }
}

/// A member that shares its name with a tuple-bound local below.
struct TupleBoundQueries {
    var attributes = [String: Any]()

    func make(_ data: Data) -> ([String: Any], Error?) {
        ([kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "svc",
          kSecAttrAccount as String: "a", kSecValueData as String: data,
          kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock,
          kSecUseDataProtectionKeychain as String: true], nil)
    }

    // Right: `attributes` is the tuple's element, not the empty member of the same name.
    func save(_ data: Data) -> OSStatus {
        let (attributes, _) = make(data)
        let status = SecItemAdd(attributes as CFDictionary, nil)
        if status == errSecDuplicateItem { return SecItemUpdate(attributes as CFDictionary, [kSecValueData: data] as CFDictionary) }
        return status
    }
}
