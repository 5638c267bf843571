import Foundation
import Security
import XCTest
@testable import Vault

final class MigrationTests: XCTestCase {
    // Right: the test expects the call to throw, and the helper's validation guard rejects the
    // query before any keychain call; SecItemCopyMatching never sees it.
    func testMigrationRejectsAQueryWithoutAClass() {
        let query: [String: Any] = [kSecAttrService as String: "com.example.vault"]
        XCTAssertThrowsError(try CredentialVault.migrate(matching: query)) { error in
            XCTAssertEqual(error as? VaultError, .invalidQuery)
        }
    }

    // Wrong: the test expects a throw, but `store` adds before it checks anything, so the add is
    // made, on the file-based keychain on macOS.
    func testStoringTwiceThrows() throws {
        let item: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.vault",
            kSecAttrAccount as String: "twice",
            kSecValueData as String: Data("secret".utf8),
        ]
        XCTAssertThrowsError(try CredentialVault.store(item))  // expect: missing-data-protection-keychain@50
    }

    // A test method: XCTest calls it, and what it deletes is not offered to other files
    // (TokenFixture.swift).
    func testClearsTheToken() {
        SecItemDelete([
            kSecClass: kSecClassGenericPassword,
            kSecAttrService: "com.example.session",
            kSecUseDataProtectionKeychain: true,
        ] as CFDictionary)
    }
}
