import Foundation
import Security

/// `queryAttributes(for:shared:)` builds on `queryAttributes(shared:)`; the app group, which
/// macOS does not take as a keychain group, is added only when `shared` is true.
final class AccountQueries {

    func queryAttributes(for account: String, shared: Bool = false) -> [String: Any] {
        var query = queryAttributes(shared: shared)
        query[kSecAttrAccount as String] = account
        return query
    }

    func queryAttributes(shared: Bool) -> [String: Any] {
        var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.accounts"]
        if shared {
            query[kSecAttrAccessGroup as String] = "group.com.example.accounts"  // expect: app-group-on-macos@19
        }
        return query
    }

    func token(for account: String) -> Data? {
        var query = queryAttributes(for: account)
        query[kSecReturnData as String] = true
        var result: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess else { return nil }  // expect: missing-data-protection-keychain@15
        return result as? Data
    }

    func removeShared(account: String) -> OSStatus {
        SecItemDelete(queryAttributes(for: account, shared: true) as CFDictionary)  // expect: missing-data-protection-keychain@9
    }

    func removeLocal(account: String) -> OSStatus {
        SecItemDelete(queryAttributes(for: account, shared: false) as CFDictionary)  // expect: missing-data-protection-keychain@9
    }
}

/// The twin: both overloads select the data protection keychain, and the shared group is a
/// Team ID–prefixed keychain group.
final class SecureAccountQueries {
    private let sharedGroup: String? = "ABCDE12345.com.example.accounts"

    func queryAttributes(for account: String, shared: Bool = false) -> [String: Any] {
        var query = queryAttributes(shared: shared)
        query[kSecAttrAccount as String] = account
        return query
    }

    func queryAttributes(shared: Bool) -> [String: Any] {
        var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.accounts",
                                    kSecUseDataProtectionKeychain as String: true]
        if shared, let sharedGroup {
            query[kSecAttrAccessGroup as String] = sharedGroup
        }
        return query
    }

    func token(for account: String) -> Data? {
        var query = queryAttributes(for: account)
        query[kSecReturnData as String] = true
        var result: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess else { return nil }
        return result as? Data
    }

    func removeShared(account: String) -> OSStatus {
        SecItemDelete(queryAttributes(for: account, shared: true) as CFDictionary)
    }
}

/// The twin of the app group: every call passes `false` or leaves the default, so no query this
/// type makes carries the app group.
final class LocalAccountQueries {
    func queryAttributes(for account: String, shared: Bool = false) -> [String: Any] {
        var query = queryAttributes(shared: shared)
        query[kSecAttrAccount as String] = account
        return query
    }

    func queryAttributes(shared: Bool) -> [String: Any] {
        var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.local",
                                    kSecUseDataProtectionKeychain as String: true]
        if shared {
            query[kSecAttrAccessGroup as String] = "group.com.example.local"
        }
        return query
    }

    func token(for account: String) -> Data? {
        var query = queryAttributes(for: account)
        query[kSecReturnData as String] = true
        var result: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess else { return nil }
        return result as? Data
    }

    func removeLocal(account: String) -> OSStatus {
        SecItemDelete(queryAttributes(for: account, shared: false) as CFDictionary)
    }
}
