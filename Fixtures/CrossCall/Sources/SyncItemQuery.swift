import Foundation
import Security

// Shape C for a class: a builder whose methods (a class's methods change the instance itself,
// no `mutating`) write its dictionary; what they add counts where the instance is used.

/// One query for the sync engine's items, completed by the steps each caller needs.
final class SyncItemQuery {
    var attributes: [String: Any]

    init(account: String) {
        attributes = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.sync",
            kSecAttrAccount as String: account,
        ]
    }

    func onDataProtectionKeychain() {
        attributes[kSecUseDataProtectionKeychain as String] = true
    }

    func labelled(_ label: String) {
        self.attributes[kSecAttrLabel as String] = label
    }

    /// Sets one attribute the caller names.
    func set(_ key: CFString, to value: Any) {
        attributes[key as String] = value
    }
}

struct SyncEngineStore {
    // Right: the builder's step put the query on the data protection keychain.
    func removeCursor() -> OSStatus {
        let query = SyncItemQuery(account: "cursor")
        query.onDataProtectionKeychain()
        return SecItemDelete(query.attributes as CFDictionary)
    }

    // Right: the flag set through a method whose key is the caller's argument.
    func removeToken() -> OSStatus {
        let query = SyncItemQuery(account: "token")
        query.set(kSecUseDataProtectionKeychain, to: true)
        return SecItemDelete(query.attributes as CFDictionary)
    }

    // Wrong: only a label was set.
    func removeSnapshot() -> OSStatus {
        let query = SyncItemQuery(account: "snapshot")
        query.labelled("Sync snapshot")
        return SecItemDelete(query.attributes as CFDictionary)  // expect: missing-data-protection-keychain@16
    }

    // Wrong: the step that adds the flag runs on another instance.
    func removeArchive() -> OSStatus {
        let query = SyncItemQuery(account: "archive")
        let other = SyncItemQuery(account: "other")
        other.onDataProtectionKeychain()
        return SecItemDelete(query.attributes as CFDictionary)  // expect: missing-data-protection-keychain@16
    }
}
