import Foundation
import Security

/// Reads items the 1.x app wrote to the file-based keychain, once, then deletes them.
enum LegacyMigration {
    static func readLegacyToken() -> Data? {
        var result: CFTypeRef?
        // keychain-lint:disable:next missing-data-protection-keychain - 1.x wrote to the file-based keychain on purpose
        let status = SecItemCopyMatching([
            kSecClass: kSecClassGenericPassword,
            kSecAttrService: "com.example.legacy",
            kSecReturnData: true,
        ] as CFDictionary, &result)
        return status == errSecSuccess ? result as? Data : nil
    }

    static func deleteLegacyToken() -> OSStatus {
        // keychain-lint:disable:next identity-add - left over from an old refactor  // expect: superfluous-suppression@9
        SecItemDelete([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example.legacy",
                       kSecUseDataProtectionKeychain: false] as CFDictionary)
    }
}
