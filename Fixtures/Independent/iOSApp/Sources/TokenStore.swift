import Foundation
import Security

/// The iPhone app's token store. The package builds for iOS only, so the data protection
/// keychain is the only keychain and no flag is needed.
actor TokenStore {
    private let service = "com.example.tokenapp.auth"

    func save(_ token: Data, account: String) -> OSStatus {
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecValueData as String: token,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
        ]
        var status = SecItemAdd(attributes as CFDictionary, nil)
        if status == errSecDuplicateItem {
            let query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: service,
                kSecAttrAccount as String: account,
            ]
            status = SecItemUpdate(query as CFDictionary, [kSecValueData as String: token] as CFDictionary)
        }
        return status
    }

    func token(account: String) -> Data? {
        var result: CFTypeRef?
        let status = SecItemCopyMatching([
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecReturnData as String: true,
        ] as CFDictionary, &result)
        return status == errSecSuccess ? result as? Data : nil
    }

    func deleteAll() -> OSStatus {
        SecItemDelete([kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service] as CFDictionary)
    }

    /// Other rules still apply on iOS.
    func saveSharedLogin(_ password: Data) -> OSStatus {
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "login.example.com",  // expect: generic-password-web-login@13
            kSecAttrAccount as String: "jane",
            kSecAttrAccessGroup as String: "com.example.tokenapp",  // expect: access-group-team-id@13
            kSecValueData as String: password,
        ]
        return SecItemAdd(attributes as CFDictionary, nil)
    }
}
