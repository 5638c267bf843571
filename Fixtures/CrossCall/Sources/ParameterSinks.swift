import Foundation
import Security

// Shape A: a dictionary the caller builds reaches the operation as a parameter of a helper,
// directly or through a closure the helper invokes.

/// Looks an item up for the signing layer; each caller builds its own query.
func fetch(_ query: [String: Any]) -> OSStatus {
    SecItemCopyMatching(query as CFDictionary, nil)
}

/// Runs one keychain operation on a query; the caller passes the operation.
func perform(_ query: [String: Any], _ operation: (CFDictionary) -> OSStatus) -> OSStatus {
    operation(query as CFDictionary)
}

struct SigningKeyDirectory {
    private let tag = Data("com.example.signing".utf8)

    // Wrong: the literal has neither the data protection flag nor a key type; the other caller
    // of fetch(_:) has both, so the literal is what the user fixes.
    func hasImportedKey() -> Bool {
        fetch([kSecClass as String: kSecClassKey, kSecAttrLabel as String: "signing"]) == errSecSuccess  // expect: missing-data-protection-keychain@15, key-query-missing-key-type@15
    }

    // Right: the same helper, given a complete query.
    func hasSigningKey() -> Bool {
        fetch([
            kSecClass as String: kSecClassKey,
            kSecAttrApplicationTag as String: tag,
            kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
            kSecUseDataProtectionKeychain as String: true,
        ]) == errSecSuccess
    }
}

struct SessionCleaner {
    private let service = "com.example.session"

    // Wrong: the query the closure deletes with is on the legacy keychain; this call's closure is
    // the one way to its delete, so the finding is that delete.
    func forgetSession() -> OSStatus {
        var query = [String: Any]()
        query[kSecClass as String] = kSecClassGenericPassword
        query[kSecAttrService as String] = service
        return perform(query) { SecItemDelete($0) }  // expect: missing-data-protection-keychain@33
    }

    // Right: the same helper and a closure, with the flag set.
    func sessionExists() -> Bool {
        var query = [String: Any]()
        query[kSecClass as String] = kSecClassGenericPassword
        query[kSecAttrService as String] = service
        query[kSecUseDataProtectionKeychain as String] = true
        return perform(query) { SecItemCopyMatching($0, nil) } == errSecSuccess
    }
}

// Two levels of helpers: removeAll(matching:) forwards to removeItems(_:), which deletes.
final class AccountSessionVault {
    private let service = "com.example.account-session"

    func removeAll(matching query: [String: Any]) -> OSStatus {
        removeItems(query)
    }

    private func removeItems(_ query: [String: Any]) -> OSStatus {
        let status = SecItemDelete(query as CFDictionary)
        return status == errSecItemNotFound ? errSecSuccess : status
    }

    // Wrong: this caller's literal misses the flag; forgetDevice() sets it.
    func signOut() -> OSStatus {
        removeAll(matching: [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service])  // expect: missing-data-protection-keychain@29
    }

    // Right: the flag reaches SecItemDelete through both levels.
    func forgetDevice() -> OSStatus {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: "device",
        ]
        query[kSecUseDataProtectionKeychain as String] = true
        return removeAll(matching: query)
    }
}

// Two levels of functions that hand SecItemDelete's status back (SecItemDelete under other names):
// each call that misses the flag is reported where it is written.

/// Clears cached image credentials; forwards to wipeMatching(_:).
func wipeCache(_ query: [String: Any]) -> OSStatus {
    wipeMatching(query)
}

func wipeMatching(_ query: [String: Any]) -> OSStatus {
    SecItemDelete(query as CFDictionary)
}

struct ImageCacheCredentials {
    // Wrong: neither caller sets the flag.
    func clearThumbnails() -> OSStatus {
        wipeCache([kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.thumbnails"])  // expect: missing-data-protection-keychain@19
    }

    func clearOriginals() -> OSStatus {
        var query = [String: Any]()
        query[kSecClass as String] = kSecClassGenericPassword
        query[kSecAttrService as String] = "com.example.originals"
        return wipeCache(query)  // expect: missing-data-protection-keychain@16
    }
}
