import Foundation
import Security

// Free functions with one base name and different argument labels: save(query:) adds the data
// protection flag itself, save(_:) passes the query through as it is.

/// The app's preferred entry point: every item it saves goes to the data protection keychain.
func save(query: [String: Any]) -> OSStatus {
    var scoped = query
    scoped[kSecUseDataProtectionKeychain as String] = true
    return SecItemAdd(scoped as CFDictionary, nil)
}

/// Older call sites that build the whole dictionary themselves.
func save(_ query: [String: Any]) -> OSStatus {
    SecItemAdd(query as CFDictionary, nil)
}

struct LoginCredentialsStore {
    private let service = "com.example.login"

    // Right: save(query:) adds the flag.
    func storePassword(_ password: Data, for account: String) -> OSStatus {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecValueData as String: password,
        ]
        return save(query: query)
    }

    // Wrong: save(_:) adds nothing, and its other caller sets the flag, so this call is reported.
    func storeRecoveryCode(_ code: Data) -> OSStatus {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: "recovery-code",
            kSecValueData as String: code,
        ]
        return save(query)  // expect: missing-data-protection-keychain@16
    }

    // Right: save(_:) given the flag.
    func storeDeviceSecret(_ secret: Data) -> OSStatus {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: "device-secret",
            kSecValueData as String: secret,
            kSecUseDataProtectionKeychain as String: true,
        ]
        return save(query)
    }
}

// A static facade the whole app calls instead of SecItem functions.
enum KeychainOps {
    /// Hands SecItemDelete's status back: SecItemDelete under another name, so each call of it
    /// is an operation judged where it is written (no caller sets the flag: both are reported).
    static func delete(_ q: [String: Any]) -> OSStatus {
        SecItemDelete(q as CFDictionary)
    }

    /// Callers of read(_:) differ: the one that misses the flag is reported.
    static func read(_ q: [String: Any]) -> Data? {
        var lookup = q
        lookup[kSecReturnData as String] = true
        lookup[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        guard SecItemCopyMatching(lookup as CFDictionary, &result) == errSecSuccess else { return nil }
        return result as? Data
    }
}

struct ProfileSecrets {
    private let service = "com.example.profile"

    // Wrong: a literal without the flag, deleted through the facade.
    func forgetAvatarToken() -> OSStatus {
        KeychainOps.delete([kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.avatar"])  // expect: missing-data-protection-keychain@28
    }

    // Wrong: a variable without the flag, deleted through the facade.
    func forgetProfile() -> OSStatus {
        var query = [String: Any]()
        query[kSecClass as String] = kSecClassGenericPassword
        query[kSecAttrService as String] = service
        return KeychainOps.delete(query)  // expect: missing-data-protection-keychain@28
    }

    // Wrong: this read misses the flag; the next one has it.
    func displayName() -> Data? {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: "display-name",
        ]
        return KeychainOps.read(query)  // expect: missing-data-protection-keychain@28
    }

    // Right
    func email() -> Data? {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: "email",
            kSecUseDataProtectionKeychain as String: true,
        ]
        return KeychainOps.read(query)
    }
}

// A function-typed stored property holding the operation (tests would build the store with a fake).
struct PushTokenStore {
    let removeItem: (CFDictionary) -> OSStatus = SecItemDelete
    private let service = "com.example.push-token"

    // Wrong: removeItem is SecItemDelete, and the query has no flag.
    func clear() -> OSStatus {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
        ]
        return removeItem(query as CFDictionary)  // expect: missing-data-protection-keychain@16
    }

    // Right
    func clearCurrentDevice() -> OSStatus {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: "current",
            kSecUseDataProtectionKeychain as String: true,
        ]
        return self.removeItem(query as CFDictionary)
    }
}
