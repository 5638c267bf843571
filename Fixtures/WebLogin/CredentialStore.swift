import Foundation
import Security

/// Stores the user's forum login so the next launch can sign in silently.
struct CredentialStore {
    enum StoreError: Error { case status(OSStatus) }

    private static let forumHost = "forum.example.org"

    // Wrong: a web login kept as a generic password is invisible to AutoFill.
    func saveForumLogin(user: String, password: String) throws {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "https://\(Self.forumHost)/login",  // expect: generic-password-web-login@13
            kSecAttrAccount as String: user,
            kSecValueData as String: Data(password.utf8),
            kSecUseDataProtectionKeychain as String: true,
        ]
        let status = SecItemAdd(query as CFDictionary, nil)
        guard status == errSecSuccess || status == errSecDuplicateItem else { throw StoreError.status(status) }
    }

    // Wrong: a bare host name as the service, built step by step.
    func saveAPILogin(user: String, secret: Data) -> OSStatus {
        var query = [String: Any]()
        query[kSecClass as String] = kSecClassGenericPassword
        query[kSecAttrService as String] = "accounts.example.com"  // expect: generic-password-web-login@15
        query[kSecAttrAccount as String] = user
        query[kSecValueData as String] = secret
        query[kSecUseDataProtectionKeychain as String] = true
        return SecItemAdd(query as CFDictionary, nil)
    }

    // Wrong: kSecAttrServer is an internet-password attribute.
    func findLogin(user: String) -> Data? {
        var result: CFTypeRef?
        let status = SecItemCopyMatching([
            kSecClass: kSecClassGenericPassword,
            kSecAttrServer: Self.forumHost,  // expect: generic-password-web-login@13
            kSecAttrAccount: user,
            kSecReturnData: true,
            kSecUseDataProtectionKeychain: true,
        ] as CFDictionary, &result)
        return status == errSecSuccess ? result as? Data : nil
    }

    // Right: internet passwords are what AutoFill offers.
    func saveWebLogin(user: String, password: String) -> OSStatus {
        let query: [String: Any] = [
            kSecClass as String: kSecClassInternetPassword,
            kSecAttrServer as String: Self.forumHost,
            kSecAttrProtocol as String: kSecAttrProtocolHTTPS,
            kSecAttrAccount as String: user,
            kSecValueData as String: Data(password.utf8),
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(query as CFDictionary, nil)
    }

    // Right: an app secret named by a reverse-DNS service.
    func saveRefreshToken(_ token: Data) -> OSStatus {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.forum.refresh-token",
            kSecAttrAccount as String: "user@example.com",
            kSecValueData as String: token,
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(query as CFDictionary, nil)
    }
}
