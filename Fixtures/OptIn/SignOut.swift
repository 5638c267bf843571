// keychain-lint-fixture: --enable broad-delete --enable missing-accessibility --enable key-query-missing-key-class
import Foundation
import Security

/// Rules that are off by default, shown with them enabled.
enum SignOut {
    // Wrong (broad-delete): removes every generic password the app can reach.
    static func wipeEverything() -> OSStatus {
        SecItemDelete([kSecClass: kSecClassGenericPassword, kSecUseDataProtectionKeychain: true] as CFDictionary)  // expect: broad-delete@23
    }

    // Wrong (missing-accessibility): the item gets the default accessibility.
    static func rememberDevice(_ id: Data) -> OSStatus {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.device",
            kSecAttrAccount as String: "id",
            kSecValueData as String: id,
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(query as CFDictionary, nil)  // expect: missing-accessibility@16
    }

    // Wrong (key-query-missing-key-class): both halves of the pair match.
    static func removeKeys(tag: Data) -> OSStatus {
        SecItemDelete([kSecClass: kSecClassKey, kSecAttrKeyType: kSecAttrKeyTypeRSA, kSecAttrApplicationTag: tag,  // expect: key-query-missing-key-class@23
                       kSecUseDataProtectionKeychain: true] as CFDictionary)
    }

    // Right: narrowed, with an accessibility and a key class.
    static func signOut(account: String, tag: Data) -> OSStatus {
        _ = SecItemDelete([kSecClass: kSecClassKey, kSecAttrKeyType: kSecAttrKeyTypeRSA, kSecAttrKeyClass: kSecAttrKeyClassPrivate,
                           kSecAttrApplicationTag: tag, kSecUseDataProtectionKeychain: true] as CFDictionary)
        return SecItemDelete([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example.session", kSecAttrAccount: account,
                              kSecUseDataProtectionKeychain: true] as CFDictionary)
    }
}
