import Foundation
import Security

/// The base query is built step by step in the initializer and kept in a stored property.
final class ProfileStore {
    private let baseQuery: [String: Any]

    init(service: String, accessGroup: String?) {
        var base: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service]
        if let accessGroup {
            base[kSecAttrAccessGroup as String] = accessGroup
        }
        self.baseQuery = base
    }

    func profile(for account: String) -> Data? {
        var query = baseQuery
        query[kSecAttrAccount as String] = account
        query[kSecReturnData as String] = true
        var result: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess else { return nil }  // expect: missing-data-protection-keychain@15
        return result as? Data
    }
}

/// The twin: the initializer selects the data protection keychain on every path.
final class SecureProfileStore {
    private let baseQuery: [String: Any]

    init(service: String, accessGroup: String?) {
        var base: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service]
        base[kSecUseDataProtectionKeychain as String] = true
        if let accessGroup {
            base[kSecAttrAccessGroup as String] = accessGroup
        }
        self.baseQuery = base
    }

    func profile(for account: String) -> Data? {
        var query = baseQuery
        query[kSecAttrAccount as String] = account
        query[kSecReturnData as String] = true
        var result: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess else { return nil }
        return result as? Data
    }
}

/// Two initializers: only one of them selects the data protection keychain, so an instance made
/// by the other reads the file-based keychain.
struct SessionVault {
    let query: [String: Any]

    init(service: String) {
        query = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
                 kSecUseDataProtectionKeychain as String: true]
    }

    init(legacyService: String) {
        var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
        query[kSecAttrService as String] = legacyService
        self.query = query
    }

    func removeAll() -> OSStatus {
        SecItemDelete(query as CFDictionary)  // expect: missing-data-protection-keychain@9
    }
}

/// The twin: both initializers select it, one through a literal, one entry by entry on the property.
struct SecureSessionVault {
    var query: [String: Any]

    init(service: String) {
        query = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
                 kSecUseDataProtectionKeychain as String: true]
    }

    init(legacyService: String) {
        query = [kSecClass as String: kSecClassGenericPassword]
        query[kSecAttrService as String] = legacyService
        query[kSecUseDataProtectionKeychain as String] = true
    }

    func removeAll() -> OSStatus {
        SecItemDelete(query as CFDictionary)
    }
}

/// The query is the caller's: nothing is known about it, so nothing is reported.
final class InjectedStore {
    private let query: [String: Any]

    init(query: [String: Any]) {
        self.query = query
    }

    func wipe() {
        SecItemDelete(query as CFDictionary)
    }
}

/// A method sets the flag on the stored query after the initializer: what the initializer leaves
/// is not all a reader may see, so the property's value is taken as unknown.
final class ConfiguredStore {
    private var query: [String: Any]

    init(service: String) {
        query = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service]
    }

    func useDataProtectionKeychain() {
        query[kSecUseDataProtectionKeychain as String] = true
    }

    func wipe() {
        SecItemDelete(query as CFDictionary)
    }
}
