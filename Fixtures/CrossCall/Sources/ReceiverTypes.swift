import Foundation
import Security

// Methods called on a local or a stored property whose type the file states: an annotation,
// `T(…)`, or a static factory or shared instance of `T`. When a local's type cannot be read,
// no method is assumed to run: two types here declare `note(matching:)`.

enum NoteError: Error {
    case keychain(OSStatus)
    case saveFailed
}

/// The app's note vault: its methods build their own queries.
final class NoteVault {
    static let shared = NoteVault()
    private let service = "com.example.notes"

    class func vault() -> NoteVault { NoteVault() }

    private var base: [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecUseDataProtectionKeychain as String: true,
        ]
    }

    /// Deletes a note; the caller passes no dictionary.
    func removeNote(forKey key: String) throws {
        var query = base
        query[kSecAttrAccount as String] = key
        let status = SecItemDelete(query as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw NoteError.keychain(status) }
    }

    /// Looks notes up with the query a caller passes.
    func note(matching query: [String: Any]) -> OSStatus {
        SecItemCopyMatching(query as CFDictionary, nil)
    }
}

/// A cache with a method of the same name that never reaches the keychain.
struct NoteCache {
    func note(matching query: [String: Any]) -> OSStatus { query.isEmpty ? errSecItemNotFound : errSecSuccess }
}

func noteSource(named name: String) -> NoteCache { NoteCache() }

struct NoteScreen {
    // Wrong: the local's type is NoteVault, whose lookup is on the legacy keychain.
    func countLegacyNotes() -> OSStatus {
        let vault = NoteVault()
        return vault.note(matching: [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.notes.v1"])  // expect: missing-data-protection-keychain@37
    }

    // Right
    func countNotes() -> OSStatus {
        let vault = NoteVault.shared
        return vault.note(matching: [kSecClass as String: kSecClassGenericPassword, kSecUseDataProtectionKeychain as String: true])
    }

    // Right: the local's type comes from a free function's result, which the model does not
    // read; no `note(matching:)` is assumed to run (a lookup by name alone would take NoteVault's).
    func countCachedNotes() -> OSStatus {
        let cache = noteSource(named: "cache")
        return cache.note(matching: [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "cache"])
    }
}

/// A stored property whose declared type is the protocol of operations (`KeychainOperations.swift`).
final class BadgeStore {
    private let keychain: KeychainOperations = SystemKeychain()
    private let vault = NoteVault.vault()

    // Wrong: the badge is deleted from the legacy keychain.
    func dropBadge() -> OSStatus {
        let badge: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.badge"]
        return self.keychain.delete(badge as CFDictionary)  // expect: missing-data-protection-keychain@30
    }

    // Right
    func dropBadgeV2() -> OSStatus {
        let badge: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.badge.v2",
            kSecUseDataProtectionKeychain as String: true,
        ]
        return keychain.delete(badge as CFDictionary)
    }

    // Right: the old note is deleted first, through a method of a local of a known type.
    func replaceNote(_ text: Data, forKey key: String) throws {
        let notes = try? NoteVault.vault()
        try notes?.removeNote(forKey: key)
        let status = SecItemAdd([
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.notes",
            kSecAttrAccount as String: key,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock,
            kSecUseDataProtectionKeychain as String: true,
            kSecValueData as String: text,
        ] as CFDictionary, nil)
        guard status == errSecSuccess else { throw NoteError.keychain(status) }
    }

    // Right: the same through the stored property.
    func replacePinnedNote(_ text: Data) throws {
        try vault.removeNote(forKey: "pinned")
        let status = SecItemAdd([
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.notes",
            kSecAttrAccount as String: "pinned",
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock,
            kSecUseDataProtectionKeychain as String: true,
            kSecValueData as String: text,
        ] as CFDictionary, nil)
        guard status == errSecSuccess else { throw NoteError.keychain(status) }
    }

    // Wrong: nothing deletes the old note, so a second save fails with errSecDuplicateItem, and the
    // error thrown does not carry the status for a caller to tell.
    func saveNote(_ text: Data, forKey key: String) throws {
        let status = SecItemAdd([  // expect: unhandled-duplicate-item@22
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.notes",
            kSecAttrAccount as String: key,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock,
            kSecUseDataProtectionKeychain as String: true,
            kSecValueData as String: text,
        ] as CFDictionary, nil)
        guard status == errSecSuccess else { throw NoteError.saveFailed }
    }
}
