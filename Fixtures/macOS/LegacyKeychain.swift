import Foundation
import Security

/// Settings sync for the Mac app: the same code runs on iOS and macOS.
struct NotesVault {
    // Wrong: on macOS this goes to the legacy file-based keychain.
    func save(_ note: Data) -> OSStatus {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.notes",
            kSecAttrAccount as String: "main",
            kSecValueData as String: note,
        ]
        return SecItemAdd(query as CFDictionary, nil)  // expect: missing-data-protection-keychain@16
    }

    // Wrong: a literal passed straight to the call is reported at its bracket.
    func remove() -> OSStatus {
        SecItemDelete([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example.notes"] as CFDictionary)  // expect: missing-data-protection-keychain@23
    }

    // Wrong: the flag is set only on iOS, where it changes nothing.
    func load() -> Data? {
        var query = [String: Any]()
        query[kSecClass as String] = kSecClassGenericPassword
        query[kSecAttrService as String] = "com.example.notes"
        query[kSecReturnData as String] = true
        #if os(iOS)
        query[kSecUseDataProtectionKeychain as String] = true
        #endif
        var result: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess else { return nil }  // expect: missing-data-protection-keychain@15
        return result as? Data
    }

    // Right: the flag inside #if os(macOS) counts.
    func update(_ note: Data) -> OSStatus {
        var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.notes"]
        #if os(macOS)
        query[kSecUseDataProtectionKeychain as String] = true
        #endif
        return SecItemUpdate(query as CFDictionary, [kSecValueData as String: note] as CFDictionary)
    }

    // Right: an explicit false is a deliberate choice.
    func loadLegacy() -> OSStatus {
        SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecUseDataProtectionKeychain: false] as CFDictionary, nil)
    }

    // Right: the file-based keychain on purpose.
    func saveToLoginKeychain(_ note: Data, keychain: SecKeychain) -> OSStatus {
        SecItemAdd([
            kSecClass: kSecClassGenericPassword,
            kSecAttrService: "com.example.notes",
            kSecAttrAccount: "legacy",
            kSecUseKeychain: keychain,
            kSecValueData: note,
        ] as CFDictionary, nil)
    }

    #if os(iOS)
    // Right: code that runs only on iOS.
    func wipeOnPhone() -> OSStatus {
        SecItemDelete([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example.notes"] as CFDictionary)
    }
    #endif
}
