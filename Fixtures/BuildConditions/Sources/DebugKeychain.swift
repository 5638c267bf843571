import Foundation
import Security

/// Debug builds keep test items in a keychain file of their own; release builds use the data
/// protection keychain. `DEBUG` names no platform, so each branch is a possible build, judged as
/// it is written.
final class DebugAwareStore {
    private let testKeychain: SecKeychain?

    init(testKeychain: SecKeychain?) {
        self.testKeychain = testKeychain
    }

    // Right: each build names its keychain where it calls.
    func remove(_ account: String) {
        #if DEBUG
        if let testKeychain {
            let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: account,
                                        kSecUseKeychain as String: testKeychain]
            SecItemDelete(query as CFDictionary)
        }
        #else
        let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: account,
                                    kSecUseDataProtectionKeychain as String: true]
        SecItemDelete(query as CFDictionary)
        #endif
    }

    // Wrong: only the debug build chooses a keychain; a release build reaches the call with none.
    func removeAll() {
        var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
        #if DEBUG
        if let testKeychain { query[kSecUseKeychain as String] = testKeychain }
        #endif
        SecItemDelete(query as CFDictionary)  // expect: missing-data-protection-keychain@9
    }

    // Right: a feature flag's branch that makes its own call with its own keychain.
    func exportForSupport(_ account: String) -> OSStatus {
        #if SUPPORT_EXPORT
        guard let testKeychain else { return errSecNoSuchKeychain }
        let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: account,
                                    kSecReturnData as String: true, kSecUseKeychain as String: testKeychain]
        return SecItemCopyMatching(query as CFDictionary, nil)
        #else
        return errSecUnimplemented
        #endif
    }
}
