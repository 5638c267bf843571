import Foundation
import Security

// Methods of one name on several types of one file, calling one another: an account migration's
// `migrate(matching:)` hands its query to `Migrator.migrate(matching:removingOriginals:)`, whose
// overload lists the items through `MigrationItems.copy(matching:)`. The summary of
// `AccountMigration.migrate` is first asked for while `Migrator`'s overload, which calls the name
// `migrate` bare, is still being summarised; what it says then lacks that overload, and must not
// stand for the rest of the file.

enum MigrationItems {
    static func copy(matching query: [String: Any]) -> OSStatus {
        var result: CFTypeRef?
        return SecItemCopyMatching(query as CFDictionary, &result)
    }
}

enum Migrator {
    static func migrate(matching query: [String: Any], transform: (String) -> String) -> OSStatus {
        var listing = query
        listing[kSecMatchLimit as String] = kSecMatchLimitAll
        listing[kSecReturnAttributes as String] = true
        return MigrationItems.copy(matching: listing)
    }

    static func migrate(matching query: [String: Any], removingOriginals: Bool) -> OSStatus {
        migrate(matching: query) { $0 }
    }
}

final class AccountMigration {
    func migrate(matching query: [String: Any]) -> OSStatus {
        Migrator.migrate(matching: query, removingOriginals: false)
    }
}

// Wrong: the legacy accounts' query reaches SecItemCopyMatching through three functions without the flag.
func migrateLegacyAccounts(with migration: AccountMigration) -> OSStatus {
    migration.migrate(matching: [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "legacy.accounts"])  // expect: missing-data-protection-keychain@33
}

// Right: the same call with the flag.
func migrateSharedAccounts(with migration: AccountMigration) -> OSStatus {
    migration.migrate(matching: [
        kSecClass as String: kSecClassGenericPassword,
        kSecAttrService as String: "shared.accounts",
        kSecUseDataProtectionKeychain as String: true,
    ])
}
