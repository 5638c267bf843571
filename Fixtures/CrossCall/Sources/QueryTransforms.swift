import Foundation
import Security

// Shape F: the dictionary goes through filter, merging, a ternary or ?? between two helpers,
// and if let / guard let rebinding before the operation.

/// A saved login shared with the app's extensions, as the settings screen lists it.
struct SharedLogin {
    let account: String

    var query: [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.shared-login",
            kSecAttrAccount as String: account,
            kSecAttrAccessGroup as String: "ABCDE12345.com.example.shared",  // expect: access-group-update@13
            kSecUseDataProtectionKeychain as String: true,
        ]
    }
}

/// The same kind of login, kept by the team-sharing screen.
struct TeamLogin {
    let account: String

    var query: [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.team-login",
            kSecAttrAccount as String: account,
            kSecAttrAccessGroup as String: "ABCDE12345.com.example.shared",
            kSecUseDataProtectionKeychain as String: true,
        ]
    }
}

struct LoginSync {
    // Wrong: the filter drops the class but keeps the access group, which an update cannot change.
    func pushShared(_ item: SharedLogin, password: Data) -> OSStatus {
        var attributes = item.query.filter { $0.key != kSecClass as String }
        attributes[kSecValueData as String] = password
        return SecItemUpdate(item.query as CFDictionary, attributes as CFDictionary)
    }

    // Right: the filter drops the group too.
    func pushTeam(_ item: TeamLogin, password: Data) -> OSStatus {
        var attributes = item.query.filter { $0.key != kSecClass as String && $0.key != kSecAttrAccessGroup as String }
        attributes[kSecValueData as String] = password
        return SecItemUpdate(item.query as CFDictionary, attributes as CFDictionary)
    }
}

/// Reads backups written by three generations of the app.
struct ArchiveReader {
    /// Version 1, before the Mac app: no flag.
    func legacyArchiveQuery() -> [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.archive"]
    }

    /// The beta builds' items: no flag either.
    func betaArchiveQuery() -> [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.archive.beta"]
    }

    /// Version 2, on the data protection keychain.
    func modernArchiveQuery() -> [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.archive",
            kSecUseDataProtectionKeychain as String: true,
        ]
    }

    /// The old export tool's items, when an account was exported: no flag either.
    func exportedQuery(for account: String?) -> [String: Any]? {
        guard let account else { return nil }
        return [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.archive.export",
            kSecAttrAccount as String: account,
        ]
    }

    /// The account the current version archived, if any: with the flag.
    func currentQuery(for account: String?) -> [String: Any]? {
        guard let account else { return nil }
        return [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.archive",
            kSecAttrAccount as String: account,
            kSecUseDataProtectionKeychain as String: true,
        ]
    }

    // Right: one arm of the ternary sets the flag (a deliberate choice on that path).
    func archiveExists(legacy: Bool) -> Bool {
        let query = legacy ? legacyArchiveQuery() : modernArchiveQuery()
        return SecItemCopyMatching(query as CFDictionary, nil) == errSecSuccess
    }

    // Wrong: neither arm sets it.
    func oldArchiveExists(beta: Bool) -> Bool {
        let query = beta ? betaArchiveQuery() : legacyArchiveQuery()
        return SecItemCopyMatching(query as CFDictionary, nil) == errSecSuccess  // expect: missing-data-protection-keychain@16
    }

    // Right: the left side of ?? has the flag.
    func removeArchive(account: String?) -> OSStatus {
        let query = currentQuery(for: account) ?? legacyArchiveQuery()
        return SecItemDelete(query as CFDictionary)
    }

    // Wrong: neither side of ?? has it.
    func removeExport(account: String?) -> OSStatus {
        let query = exportedQuery(for: account) ?? legacyArchiveQuery()
        return SecItemDelete(query as CFDictionary)  // expect: missing-data-protection-keychain@16
    }

    // Wrong: guard let rebinds the helper's dictionary, and it has no flag.
    func exportedData(account: String?) -> Data? {
        guard var query = exportedQuery(for: account) else { return nil }
        query[kSecReturnData as String] = true
        var result: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess else { return nil }  // expect: missing-data-protection-keychain@15
        return result as? Data
    }

    // Right: merging adds the flag to the version 1 query.
    func removeLegacyArchive() -> OSStatus {
        let query = legacyArchiveQuery().merging([kSecUseDataProtectionKeychain as String: true]) { _, new in new }
        return SecItemDelete(query as CFDictionary)
    }

    // Wrong: merging adds only the account.
    func legacyArchiveExists(account: String) -> Bool {
        let query = legacyArchiveQuery().merging([kSecAttrAccount as String: account]) { _, new in new }
        return SecItemCopyMatching(query as CFDictionary, nil) == errSecSuccess  // expect: missing-data-protection-keychain@16
    }
}

// A filter whose predicate is a `switch` over the key keeps only the keys it returns true for.
struct PrimaryKeyLookup {
    let service: String

    var query: [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrLabel as String: "Primary",
            kSecUseDataProtectionKeychain as String: true,
        ]
    }

    // Wrong: the primary-key filter drops the flag with the label.
    func clear() -> OSStatus {
        let primaryKey = query.filter { (key: String, _: Any) in
            switch key as CFString {
            case kSecClass: fallthrough
            case kSecAttrService:
                return true
            default:
                return false
            }
        }
        return SecItemDelete(primaryKey as CFDictionary)  // expect: missing-data-protection-keychain@16
    }

    // Right: the flag is one of the kept keys.
    func exists() -> Bool {
        let primaryKey = query.filter { (key: String, _: Any) in
            switch key as CFString {
            case kSecClass, kSecAttrService, kSecUseDataProtectionKeychain:
                return true
            default:
                return false
            }
        }
        return SecItemCopyMatching(primaryKey as CFDictionary, nil) == errSecSuccess
    }

    // Right: a default that keeps may keep the flag.
    func count() -> Bool {
        let unlabelled = query.filter { (key: String, _: Any) in
            switch key as CFString {
            case kSecAttrLabel:
                return false
            default:
                return true
            }
        }
        return SecItemCopyMatching(unlabelled as CFDictionary, nil) == errSecSuccess
    }
}
