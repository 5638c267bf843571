import Foundation
import Security

// Shape D: a wrapper type around the dictionary, built by its initializers and methods and
// unwrapped with .raw at the operation.

/// The networking layer passes these around instead of a bare dictionary.
struct KeychainQuery {
    var raw: [CFString: Any]

    init(_ entries: [CFString: Any]) {
        raw = entries
    }

    /// The app's standard query for one generic password, on the data protection keychain.
    init(service: String, account: String) {
        raw = [
            kSecClass: kSecClassGenericPassword,
            kSecAttrService: service,
            kSecAttrAccount: account,
            kSecUseDataProtectionKeychain: true,
        ]
    }

    func adding(_ key: CFString, _ value: Any) -> KeychainQuery {
        var copy = self
        copy.raw[key] = value
        return copy
    }
}

struct APICredentialCache {
    private let service = "com.example.api"

    // Wrong: the literal wrapped at the call has no flag.
    func rotate(_ token: Data) -> OSStatus {
        let attributes = [kSecValueData: token] as CFDictionary
        return SecItemUpdate(KeychainQuery([kSecClass: kSecClassGenericPassword, kSecAttrService: service]).raw as CFDictionary, attributes)  // expect: missing-data-protection-keychain@44
    }

    // Right: the wrapper's own initializer adds the flag.
    func refresh(_ token: Data) -> OSStatus {
        let query = KeychainQuery(service: service, account: "refresh")
        return SecItemUpdate(query.raw as CFDictionary, [kSecValueData: token] as CFDictionary)
    }

    // Right: the flag added through the wrapper's method.
    func accessToken() -> Data? {
        let query = KeychainQuery([kSecClass: kSecClassGenericPassword, kSecAttrService: service, kSecReturnData: true])
            .adding(kSecUseDataProtectionKeychain, true)
        var result: CFTypeRef?
        guard SecItemCopyMatching(query.raw as CFDictionary, &result) == errSecSuccess else { return nil }
        return result as? Data
    }

    // Wrong: the method adds the account, not the flag.
    func forgetRefreshToken() -> OSStatus {
        let query = KeychainQuery([kSecClass: kSecClassGenericPassword, kSecAttrService: service])
            .adding(kSecAttrAccount, "refresh")
        return SecItemDelete(query.raw as CFDictionary)  // expect: missing-data-protection-keychain@16
    }
}
