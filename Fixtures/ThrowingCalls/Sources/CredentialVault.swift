import Foundation
import Security

enum VaultError: Error, Equatable {
    case invalidQuery
    case status(OSStatus)
}

enum CredentialVault {
    /// Validates the query before it touches the keychain: a query without a class, or one that
    /// asks for data, is rejected by a guard that throws, and SecItemCopyMatching is never called.
    static func migrate(matching query: [String: Any]) throws -> [[String: Any]] {
        guard query[kSecClass as String] != nil else { throw VaultError.invalidQuery }
        guard query[kSecReturnData as String] == nil else { throw VaultError.invalidQuery }
        var lookup = query
        lookup[kSecMatchLimit as String] = kSecMatchLimitAll
        lookup[kSecReturnAttributes as String] = true
        var result: CFTypeRef?
        let status = SecItemCopyMatching(lookup as CFDictionary, &result)
        guard status == errSecSuccess else { throw VaultError.status(status) }
        return result as? [[String: Any]] ?? []
    }

    /// Writes first and checks afterwards: the add is made before anything throws, so a caller that
    /// expects this to throw (a duplicate) has still made the add.
    static func store(_ item: [String: Any]) throws {
        let status = SecItemAdd(item as CFDictionary, nil)
        guard status == errSecSuccess else { throw VaultError.status(status) }
    }
}

struct VaultClient {
    // Right: both helpers called with the data protection keychain, so not every caller misses it.
    func migrateNotes() throws -> [[String: Any]] {
        try CredentialVault.migrate(matching: [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.notes",
            kSecUseDataProtectionKeychain as String: true,
        ])
    }

    func storeNote(_ data: Data) throws {
        try CredentialVault.store([
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.notes",
            kSecAttrAccount as String: "note",
            kSecValueData as String: data,
            kSecUseDataProtectionKeychain as String: true,
        ])
    }

    // Wrong: a call that is not expected to throw passes every guard and reaches SecItemCopyMatching
    // without the data protection keychain.
    func migrateLegacyNotes() throws -> [[String: Any]] {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.legacy-notes",
        ]
        return try CredentialVault.migrate(matching: query)  // expect: missing-data-protection-keychain@36
    }
}
