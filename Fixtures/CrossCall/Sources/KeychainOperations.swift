import Foundation
import Security

// Shape B: the keychain behind a protocol so that stores can be tested; the app implements it
// once, and stores call it through the protocol-typed value.

protocol KeychainOperations {
    func copy(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus
    func update(_ query: CFDictionary, _ attributes: CFDictionary) -> OSStatus
    func delete(_ query: CFDictionary) -> OSStatus
}

/// The one conforming type: the real keychain.
struct SystemKeychain: KeychainOperations {
    func copy(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
        SecItemCopyMatching(query, result)
    }

    func update(_ query: CFDictionary, _ attributes: CFDictionary) -> OSStatus {
        SecItemUpdate(query, attributes)
    }

    func delete(_ query: CFDictionary) -> OSStatus {
        SecItemDelete(query)
    }
}

final class SharedTokenStore {
    private let ops: KeychainOperations
    private let service = "com.example.shared-token"

    init(ops: KeychainOperations = SystemKeychain()) {
        self.ops = ops
    }

    private var query: [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: "primary",
            kSecUseDataProtectionKeychain as String: true,
        ]
    }

    // Wrong: an item's access group cannot be changed by an update.
    func move(to group: String) -> OSStatus {
        ops.update(query as CFDictionary, [kSecAttrAccessGroup: group] as CFDictionary)  // expect: access-group-update@44
    }

    // Right: a label can be updated.
    func rename(to label: String) -> OSStatus {
        ops.update(query as CFDictionary, [kSecAttrLabel: label] as CFDictionary)
    }

    // Right
    func token() -> Data? {
        var lookup = query
        lookup[kSecReturnData as String] = true
        var result: CFTypeRef?
        guard ops.copy(lookup as CFDictionary, &result) == errSecSuccess else { return nil }
        return result as? Data
    }

    // Wrong: the version 1 item is looked for on the legacy keychain; forget() sets the flag.
    func forgetVersionOne() -> OSStatus {
        let legacy: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.shared-token.v1",
        ]
        return ops.delete(legacy as CFDictionary)  // expect: missing-data-protection-keychain@20
    }

    // Right
    func forget() -> OSStatus {
        ops.delete(query as CFDictionary)
    }
}

/// A local whose declared type is the protocol.
struct TokenMigration {
    // Wrong: the same mistake through a local of the protocol type.
    func dropBetaToken() -> OSStatus {
        let keychain: any KeychainOperations = SystemKeychain()
        let beta: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.beta-token",
        ]
        return keychain.delete(beta as CFDictionary)  // expect: missing-data-protection-keychain@25
    }
}
