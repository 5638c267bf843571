import Foundation
import Security

// A protocol extension that reads `self.query`, where the protocol only requires `query`: the
// dictionary is the query of a type that conforms to that protocol, not of every type of the
// file that has a `query`. Here three item types conform to different protocols of one family.

protocol VaultQuery {
    var query: [String: Any] { get }
}

protocol VaultReadable: VaultQuery {}
protocol VaultErasable: VaultQuery {}
protocol VaultWritable: VaultQuery {}

extension VaultReadable {
    // Wrong: the only readable item's query is on the legacy keychain (the pinned item's flag
    // does not reach here: it is not readable).
    func read() -> OSStatus {
        SecItemCopyMatching(self.query as CFDictionary, nil)  // expect: missing-data-protection-keychain@9
    }
}

extension VaultErasable {
    // Right: the only erasable item sets the flag.
    func erase() -> OSStatus {
        SecItemDelete(query as CFDictionary)
    }
}

extension VaultWritable {
    // Right: the only writable item is synchronizable; the cached note's ThisDeviceOnly
    // accessibility is not this query's.
    func save() -> OSStatus {
        SecItemAdd(query as CFDictionary, nil)
    }
}

struct CachedNote: VaultReadable {
    var query: [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "notes",
            kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
        ]
    }
}

struct PinnedItem {
    let account: String
}

extension PinnedItem: VaultErasable {
    var query: [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: account,
            kSecUseDataProtectionKeychain as String: true,
        ]
    }
}

struct SiteLogin: VaultWritable {
    let server: String

    var query: [String: Any] {
        [
            kSecClass as String: kSecClassInternetPassword,
            kSecAttrServer as String: server,
            kSecAttrSynchronizable as String: true,
            kSecUseDataProtectionKeychain as String: true,
        ]
    }
}
