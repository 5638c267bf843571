import Foundation
import Security

/// Stores the credentials the user signs in with.
struct Credential {
    var username: String
    var password: String
}

enum CredentialStoreError: Error {
    case unexpectedStatus(OSStatus)
    case notFound
}

final class CredentialStore {
    private let loginURL = URL(string: "https://accounts.example.com/login")!

    // MARK: - Wrong: web logins stored as generic passwords

    /// Saves the login for the web site. AutoFill will never offer it.
    func saveWebLogin(_ credential: Credential) throws {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "https://accounts.example.com",  // expect: generic-password-web-login@13
            kSecAttrAccount as String: credential.username,
            kSecValueData as String: Data(credential.password.utf8),
            kSecUseDataProtectionKeychain as String: true,
        ]
        let status = SecItemAdd(query as CFDictionary, nil)
        if status == errSecDuplicateItem {
            try update(credential)
        } else if status != errSecSuccess {
            throw CredentialStoreError.unexpectedStatus(status)
        }
    }

    /// The forum login, keyed by its host name.
    func saveForumLogin(_ credential: Credential) -> OSStatus {
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "forum.example.org",  // expect: generic-password-web-login@13
            kSecAttrAccount as String: credential.username,
            kSecValueData as String: Data(credential.password.utf8),
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock,
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    /// Someone "fixed" AutoFill by adding a server to the generic password.
    func saveShopLogin(_ credential: Credential) -> OSStatus {
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.shop.login",
            kSecAttrServer as String: "shop.example.com",  // expect: generic-password-web-login@13
            kSecAttrAccount as String: credential.username,
            kSecValueData as String: Data(credential.password.utf8),
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    /// The account is the page the password belongs to.
    func saveTrackerLogin(password: String) -> OSStatus {
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "TrackerLogin",
            kSecAttrAccount as String: "https://tracker.example.net/session",  // expect: generic-password-web-login@13
            kSecValueData as String: Data(password.utf8),
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    /// Step-by-step variant; the service is a constant of this file.
    func saveStagingLogin(_ credential: Credential) -> OSStatus {
        var item = [String: Any]()
        item[kSecClass as String] = kSecClassGenericPassword
        item[kSecAttrService as String] = stagingHost  // expect: generic-password-web-login@14
        item[kSecAttrAccount as String] = credential.username
        item[kSecValueData as String] = Data(credential.password.utf8)
        item[kSecUseDataProtectionKeychain as String] = true
        return SecItemAdd(item as CFDictionary, nil)
    }

    // MARK: - Right: internet passwords for web logins

    func saveInternetLogin(_ credential: Credential) throws {
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassInternetPassword,
            kSecAttrServer as String: "accounts.example.com",
            kSecAttrProtocol as String: kSecAttrProtocolHTTPS,
            kSecAttrPath as String: "/login",
            kSecAttrAccount as String: credential.username,
            kSecAttrAuthenticationType as String: kSecAttrAuthenticationTypeHTMLForm,
            kSecValueData as String: Data(credential.password.utf8),
            kSecUseDataProtectionKeychain as String: true,
        ]
        let status = SecItemAdd(attributes as CFDictionary, nil)
        guard status == errSecSuccess || status == errSecDuplicateItem else {
            throw CredentialStoreError.unexpectedStatus(status)
        }
    }

    func internetLogin(for username: String) throws -> Credential {
        let query: [String: Any] = [
            kSecClass as String: kSecClassInternetPassword,
            kSecAttrServer as String: loginURL.host ?? "accounts.example.com",
            kSecAttrAccount as String: username,
            kSecMatchLimit as String: kSecMatchLimitOne,
            kSecReturnData as String: true,
            kSecUseDataProtectionKeychain as String: true,
        ]
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        guard status == errSecSuccess, let data = result as? Data else {
            throw CredentialStoreError.notFound
        }
        return Credential(username: username, password: String(decoding: data, as: UTF8.self))
    }

    // MARK: - Right: app secrets as generic passwords with reverse-DNS services

    func saveAPIToken(_ token: String) -> OSStatus {
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.app.api",
            kSecAttrAccount as String: "jane@example.com",
            kSecValueData as String: Data(token.utf8),
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    func saveRefreshToken(_ token: String) -> OSStatus {
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "io.example.client.refresh",
            kSecAttrAccount as String: "refresh-token",
            kSecValueData as String: Data(token.utf8),
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    func saveDatabaseKey(_ key: Data, service: String) -> OSStatus {
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: "OfflineCache.sqlite",
            kSecValueData as String: key,
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    private func update(_ credential: Credential) throws {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.app.login",
            kSecAttrAccount as String: credential.username,
            kSecUseDataProtectionKeychain as String: true,
        ]
        let changes: [String: Any] = [kSecValueData as String: Data(credential.password.utf8)]
        let status = SecItemUpdate(query as CFDictionary, changes as CFDictionary)
        guard status == errSecSuccess else { throw CredentialStoreError.unexpectedStatus(status) }
    }
}

private let stagingHost = "staging.example.com"
