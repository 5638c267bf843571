import Foundation
import Security

/// Queries given in the property's declaration: `let`, `lazy var` and `static let`.
final class DeclaredQueries {
    let tokenQuery: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.token"]
    lazy var cacheQuery: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.cache"]
    static let sharedQuery: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.shared"]

    func removeToken(account: String) {
        var query = tokenQuery
        query[kSecAttrAccount as String] = account
        SecItemDelete(query as CFDictionary)  // expect: missing-data-protection-keychain@9
    }

    func removeCache() {
        SecItemDelete(cacheQuery as CFDictionary)  // expect: missing-data-protection-keychain@9
    }

    static func removeShared() {
        SecItemDelete(sharedQuery as CFDictionary)  // expect: missing-data-protection-keychain@9
    }
}

/// The twins.
final class SecureDeclaredQueries {
    let tokenQuery: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.token",
                                     kSecUseDataProtectionKeychain as String: true]
    lazy var cacheQuery: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.cache",
                                          kSecUseDataProtectionKeychain as String: true]
    static let sharedQuery: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.shared",
                                             kSecUseDataProtectionKeychain as String: true]

    func removeToken(account: String) {
        var query = tokenQuery
        query[kSecAttrAccount as String] = account
        SecItemDelete(query as CFDictionary)
    }

    func removeCache() {
        SecItemDelete(cacheQuery as CFDictionary)
    }

    static func removeShared() {
        SecItemDelete(sharedQuery as CFDictionary)
    }
}
