import Foundation

// Both calls extend the helper of TeamQueries.swift; its wrong access group is reported there.
struct ProfileStore {
    func load() -> OSStatus {
        var query = TeamQueries.shared(account: "profile")
        query[kSecReturnData as String] = true
        return SecItemCopyMatching(query as CFDictionary, nil)
    }

    func remove() -> OSStatus {
        SecItemDelete(TeamQueries.shared(account: "profile") as CFDictionary)
    }
}
