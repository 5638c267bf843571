import Foundation
import Security
import Testing
@testable import Vault

struct VaultExpectationTests {
    // Right: Swift Testing's expectation of a throw, and the guard rejects the query (it asks for
    // data) before SecItemCopyMatching.
    @Test func migrationRejectsADataQuery() {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecReturnData as String: true,
        ]
        #expect(throws: VaultError.self) { try CredentialVault.migrate(matching: query) }
    }

    // Wrong: the add inside `store` is made before it throws.
    @Test func storingADuplicateThrows() {
        let item: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.vault",
            kSecAttrAccount as String: "duplicate",
            kSecValueData as String: Data("secret".utf8),
        ]
        #expect(throws: VaultError.self) { try CredentialVault.store(item) }  // expect: missing-data-protection-keychain@64
    }
}
