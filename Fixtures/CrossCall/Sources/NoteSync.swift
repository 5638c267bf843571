import Foundation
import Security

// The same receivers across files: `NoteVault` (ReceiverTypes.swift) is declared elsewhere, so
// `NoteVault.vault()` is taken for a factory of its type.

struct NoteSync {
    // Right: the note another device sent replaces the local one, deleted first.
    func apply(_ text: Data, forKey key: String) throws {
        let vault = NoteVault.vault()
        try vault.removeNote(forKey: key)
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

    // Wrong: the lookup of the synced notes misses the flag.
    func syncedNotes() -> OSStatus {
        let vault = NoteVault.shared
        return vault.note(matching: [kSecClass as String: kSecClassGenericPassword, kSecAttrLabel as String: "synced"])  // expect: missing-data-protection-keychain@37
    }
}
