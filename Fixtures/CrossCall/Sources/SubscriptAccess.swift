import Foundation
import Security

// Subscripts are functions too: a dictionary passed in brackets to a type's own `subscript`
// reaches the operations the subscript runs, and a subscript that hands a query back is a
// source like a helper function. `cache[key]` on a dictionary, or on a value whose type the file
// does not say, is nothing of the kind.

/// Runs the app's keychain queries by subscript: `items[query]` is the status of a lookup,
/// `items[deleting: query]` removes what the query matches.
struct KeychainItems {
    subscript(query: [String: Any]) -> OSStatus {
        SecItemCopyMatching(query as CFDictionary, nil)
    }

    subscript(deleting query: [String: Any]) -> OSStatus {
        let status = SecItemDelete(query as CFDictionary)
        return status == errSecItemNotFound ? errSecSuccess : status
    }
}

final class BadgeCache {
    private let items = KeychainItems()
    private let service = "com.example.badges"

    // Wrong: the literal reaches SecItemCopyMatching through the subscript without the flag.
    func hasBadge() -> Bool {
        items[[kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service]] == errSecSuccess  // expect: missing-data-protection-keychain@15
    }

    // Right: the same subscript, with the flag.
    func hasBadges() -> Bool {
        items[[
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecUseDataProtectionKeychain as String: true,
        ]] == errSecSuccess
    }

    // Wrong: the labelled subscript deletes with a query on the legacy keychain.
    func clear() -> OSStatus {
        var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
        query[kSecAttrService as String] = service
        return items[deleting: query]  // expect: missing-data-protection-keychain@16
    }

    // Right: the same delete, with the flag.
    func clearAll() -> OSStatus {
        var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
        query[kSecAttrService as String] = service
        query[kSecUseDataProtectionKeychain as String] = true
        return items[deleting: query]
    }

    // Right: a plain dictionary's subscript is no keychain call, whatever the key holds.
    func cachedBadge() -> Any? {
        let cache: [String: Any] = [kSecAttrService as String: service]
        return cache[kSecAttrService as String]
    }
}

/// Builds the app's queries by service name: `ServiceQuery["name"]` is a query, and
/// `ServiceQuery[scoped: "name"]` one on the data protection keychain.
enum ServiceQuery {
    static subscript(service: String) -> [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service]
    }

    static subscript(archived service: String) -> [String: Any] {
        get { [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "archive." + service] }
    }

    /// Built on a query the app loads at run time: what it holds is not known here.
    static subscript(loaded service: String) -> [String: Any] {
        var query = storedQuery(for: service)
        query[kSecAttrService as String] = service
        return query
    }

    static subscript(scoped service: String) -> [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecUseDataProtectionKeychain as String: true,
        ]
    }
}

enum LegacyCleanup {
    // Wrong: the subscript's query has no flag.
    static func removeLegacyItems() -> OSStatus {
        SecItemDelete(ServiceQuery["com.example.legacy"] as CFDictionary)  // expect: missing-data-protection-keychain@9
    }

    // Wrong: the getter of the archived subscript has no flag either.
    static func removeArchivedItems() -> OSStatus {
        SecItemDelete(ServiceQuery[archived: "com.example"] as CFDictionary)  // expect: missing-data-protection-keychain@9
    }

    // Right: a query built on one the subscript cannot read may carry the flag.
    static func removeLoadedItems() -> OSStatus {
        SecItemDelete(ServiceQuery[loaded: "com.example"] as CFDictionary)
    }

    // Right: the scoped subscript sets it.
    static func removeScopedItems() -> OSStatus {
        SecItemDelete(ServiceQuery[scoped: "com.example.legacy"] as CFDictionary)
    }
}

/// A vault that reaches its own subscript through `self`.
final class NoteVault {
    subscript(matching query: [String: Any]) -> OSStatus {
        SecItemDelete(query as CFDictionary)
    }

    // Wrong: the query reaches SecItemDelete through `self[matching:]` without the flag.
    func forgetNotes() -> OSStatus {
        self[matching: [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "notes"]]  // expect: missing-data-protection-keychain@24
    }

    // Right: with the flag.
    func forgetDrafts() -> OSStatus {
        self[matching: [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "drafts",
            kSecUseDataProtectionKeychain as String: true,
        ]]
    }
}
