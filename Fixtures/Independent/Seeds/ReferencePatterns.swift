import Foundation
import Security

/// The reference texts' recommended patterns, as this app uses them. Must lint clean.
enum ReferencePatterns {
    static let teamID = "QWERT67890"
    static let sharedGroup = "\(teamID).com.example.reference.shared"

    static func storeRefreshToken(_ token: String) -> OSStatus {
        let item: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.reference.api",
            kSecAttrAccount as String: "refresh-token",
            kSecValueData as String: Data(token.utf8),
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(item as CFDictionary, nil)
    }

    static func storeWebLogin(user: String, password: String) -> OSStatus {
        let item: [String: Any] = [
            kSecClass as String: kSecClassInternetPassword,
            kSecAttrServer as String: "reference.example.com",
            kSecAttrProtocol as String: kSecAttrProtocolHTTPS,
            kSecAttrPort as String: 443,
            kSecAttrPath as String: "/signin",
            kSecAttrAccount as String: user,
            kSecAttrAuthenticationType as String: kSecAttrAuthenticationTypeHTMLForm,
            kSecValueData as String: Data(password.utf8),
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(item as CFDictionary, nil)
    }

    static func storeCertificate(der: Data) -> OSStatus {
        guard let certificate = SecCertificateCreateWithData(nil, der as CFData) else { return errSecParam }
        let item: [String: Any] = [
            kSecClass as String: kSecClassCertificate,
            kSecValueRef as String: certificate,
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(item as CFDictionary, nil)
    }

    static func importIdentity(p12: Data, passphrase: String) -> SecIdentity? {
        let options = [kSecImportExportPassphrase as String: passphrase]
        var items: CFArray?
        guard SecPKCS12Import(p12 as CFData, options as CFDictionary, &items) == errSecSuccess,
              let results = items as? [[String: Any]],
              let identity = results.first?[kSecImportItemIdentity as String] else { return nil }
        return (identity as! SecIdentity)
    }

    static func storeShared(_ secret: Data) -> OSStatus {
        let item: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.reference.auth",
            kSecAttrAccount as String: "primary",
            kSecAttrAccessGroup as String: sharedGroup,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            kSecValueData as String: secret,
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(item as CFDictionary, nil)
    }

    static func storeSynced(_ secret: Data) -> OSStatus {
        let item: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.reference.auth",
            kSecAttrAccount as String: "synced",
            kSecAttrAccessGroup as String: "\(teamID).com.example.reference.shared",
            kSecAttrSynchronizable as String: kCFBooleanTrue!,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock,
            kSecValueData as String: secret,
        ]
        return SecItemAdd(item as CFDictionary, nil)
    }

    static func findEverywhere() -> [[String: Any]] {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.reference.auth",
            kSecAttrSynchronizable as String: kSecAttrSynchronizableAny,
            kSecReturnAttributes as String: true,
            kSecMatchLimit as String: kSecMatchLimitAll,
            kSecUseDataProtectionKeychain as String: true,
        ]
        var result: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess else { return [] }
        return result as? [[String: Any]] ?? []
    }

    /// The primary item, as every operation below names it.
    static func authItem(account: String) -> [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.reference.auth",
            kSecAttrAccount as String: account,
            kSecUseDataProtectionKeychain as String: true,
        ]
    }

    /// Update first, add when missing.
    static func upsert(_ secret: Data) -> OSStatus {
        let search = authItem(account: "primary")
        var status = SecItemUpdate(search as CFDictionary, [kSecValueData as String: secret] as CFDictionary)  // expect: sync-query-missing-synchronizable@22
        if status == errSecItemNotFound {
            var add = authItem(account: "primary")
            add[kSecValueData as String] = secret
            status = SecItemAdd(add as CFDictionary, nil)
        }
        return status
    }

    /// Moves an item to the shared group: read, add, delete.
    static func moveToSharedGroup() -> OSStatus {
        var read = authItem(account: "primary")
        read[kSecReturnData as String] = true
        var result: CFTypeRef?
        guard SecItemCopyMatching(read as CFDictionary, &result) == errSecSuccess, let data = result as? Data else {  // expect: sync-query-missing-synchronizable@15
            return errSecItemNotFound
        }
        var moved = authItem(account: "primary")
        moved[kSecAttrAccessGroup as String] = "QWERT67890.com.example.reference.shared"
        moved[kSecValueData as String] = data
        let status = SecItemAdd(moved as CFDictionary, nil)
        guard status == errSecSuccess || status == errSecDuplicateItem else { return status }
        let stale = authItem(account: "primary")
        return SecItemDelete(stale as CFDictionary)  // expect: sync-query-missing-synchronizable@16
    }
}
