import Foundation
import Security

private let Class = String(kSecClass)
private let Service = String(kSecAttrService)
private let Account = String(kSecAttrAccount)
private let Tag = kSecAttrApplicationTag as String
private let DataProtection = String(kSecUseDataProtectionKeychain)

enum KeychainKeys {
    static let accessGroup = kSecAttrAccessGroup as String
    static let synchronizable = kSecAttrSynchronizable as String
}

/// Query construction in every shape the codebase uses.
final class QueryBuilders {
    let tokenService = "com.example.builders"

    // MARK: - Helpers returning a base query the call sites extend

    /// Every call site inherits this service, and neither adds the data protection flag.
    private func baseQuery(account: String) -> [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "https://api.example.com/v2",  // expect: generic-password-web-login@13
            kSecAttrAccount as String: account,
        ]
    }

    func saveAPIKey(_ key: Data, account: String) -> OSStatus {
        var query = baseQuery(account: account)
        query[kSecValueData as String] = key
        return SecItemAdd(query as CFDictionary, nil)  // expect: missing-data-protection-keychain@16
    }

    func apiKey(account: String) -> Data? {
        var query = baseQuery(account: account)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)  // expect: missing-data-protection-keychain@22
        return status == errSecSuccess ? result as? Data : nil
    }

    /// Built step by step; the call sites only add what they need.
    private var tokenQuery: [String: Any] {
        var query = [String: Any]()
        query[kSecClass as String] = kSecClassGenericPassword
        query[kSecAttrService as String] = tokenService
        query[kSecUseDataProtectionKeychain as String] = true
        return query
    }

    func saveToken(_ token: Data) -> OSStatus {
        var query = tokenQuery
        query[kSecAttrAccount as String] = "token"
        query[kSecValueData as String] = token
        return SecItemAdd(query as CFDictionary, nil)
    }

    func deleteToken() -> OSStatus {
        var query = tokenQuery
        query[kSecAttrAccount as String] = "token"
        return SecItemDelete(query as CFDictionary)  // expect: sync-query-missing-synchronizable@16
    }

    // MARK: - Spellings of keys

    func saveWithCFStringKeys(_ password: Data) -> OSStatus {
        SecItemAdd([
            kSecClass: kSecClassGenericPassword,
            kSecAttrService: "https://status.example.com",  // expect: generic-password-web-login@13
            kSecAttrAccount: "monitor",
            kSecValueData: password,
            kSecUseDataProtectionKeychain: kCFBooleanTrue!,
        ] as CFDictionary, nil)
    }

    func saveWithStringInitKeys(_ password: Data) -> OSStatus {
        let item: [String: Any] = [
            String(kSecClass): kSecClassGenericPassword,
            String(kSecAttrService): "com.example.builders.legacy",
            String(kSecAttrAccount): "legacy",
            String(kSecAttrAccessGroup): "Builders.Shared",  // expect: access-group-team-id@13
            String(kSecValueData): password,
            String(kSecUseDataProtectionKeychain): true,
        ]
        return SecItemAdd(item as CFDictionary, nil)
    }

    func saveWithAliases(_ certificate: SecCertificate) -> OSStatus {
        let item: [String: Any] = [
            Class: kSecClassCertificate,
            String(kSecValueRef): certificate,
            Tag: Data("com.example.builders.cert".utf8),  // expect: certificate-application-tag@13
            DataProtection: true,
        ]
        return SecItemAdd(item as CFDictionary, nil)
    }

    func readWithAliases() -> Data? {
        let query: [String: Any] = [
            Class: kSecClassGenericPassword,
            Service: "accounts.example.org",  // expect: generic-password-web-login@13
            Account: "alias",
            String(kSecReturnData): true,
        ]
        var result: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess else { return nil }  // expect: missing-data-protection-keychain@15
        return result as? Data
    }

    func saveWithNSStringKeys(_ secret: Data) -> OSStatus {
        let item: [NSString: AnyObject] = [
            kSecClass as NSString: kSecClassGenericPassword,
            kSecAttrService as NSString: "com.example.builders.ns" as NSString,
            kSecAttrAccount as NSString: "ns" as NSString,
            KeychainKeys.accessGroup as NSString: "ABCDE12345.com.example.builders" as NSString,
            kSecValueData as NSString: secret as NSData,
            kSecUseDataProtectionKeychain as NSString: kCFBooleanTrue,
        ]
        return SecItemAdd(item as CFDictionary, nil)
    }

    // MARK: - updateValue, merge, boolean spellings

    func saveMerged(_ secret: Data) -> OSStatus {
        var item: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
        item.updateValue(tokenService, forKey: kSecAttrService as String)
        item.updateValue("merged", forKey: kSecAttrAccount as String)
        item.merge([
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            kSecAttrSynchronizable as String: kCFBooleanTrue,  // expect: sync-this-device-only@13
            kSecValueData as String: secret,
        ]) { _, new in new }
        return SecItemAdd(item as CFDictionary, nil)
    }

    func saveSyncedThroughAlias(_ secret: Data) -> OSStatus {
        var item: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: tokenService,
            kSecAttrAccount as String: "alias-sync",
            kSecValueData as String: secret,
        ]
        item[KeychainKeys.synchronizable] = true as CFBoolean  // expect: sync-this-device-only@14
        item[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
        return SecItemAdd(item as CFDictionary, nil)
    }

    /// The entry is removed again before the add.
    func saveWithoutGroup(_ secret: Data) -> OSStatus {
        var item: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: tokenService,
            kSecAttrAccount as String: "no-group",
            kSecValueData as String: secret,
            kSecUseDataProtectionKeychain as String: true,
        ]
        item[kSecAttrAccessGroup as String] = "com.example.builders"
        item[kSecAttrAccessGroup as String] = nil
        return SecItemAdd(item as CFDictionary, nil)
    }

    // MARK: - Nested key attributes

    func makeDeviceKey() throws -> SecKey {
        let attributes: [String: Any] = [
            kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
            kSecAttrKeySizeInBits as String: 256,
            kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
            kSecPrivateKeyAttrs as String: [
                kSecAttrIsPermanent as String: true,
                kSecAttrApplicationTag as String: Data("com.example.builders.device".utf8),
                kSecAttrAccessGroup as String: "com.example.builders.keys",  // expect: access-group-team-id@17
            ],
        ]
        var error: Unmanaged<CFError>?
        guard let key = SecKeyCreateRandomKey(attributes as CFDictionary, &error) else {
            throw error!.takeRetainedValue() as Error
        }
        return key
    }

    // MARK: - Not keychain dictionaries

    /// Column titles for the debug screen.
    let attributeTitles: [String: String] = [
        kSecAttrService as String: "Service",
        kSecAttrServer as String: "Server",
        kSecAttrAccessGroup as String: "Access group",
    ]
}
