import Foundation
import Security

/// Suppressions written the way SwiftLint users write them, which keychain-lint reads, and
/// misspelt ones, which it reports instead of ignoring.
enum LegacyIdentityStore {
    static func addForTheOldServer(_ identity: SecIdentity) -> OSStatus {
        let status = SecItemAdd([kSecClass: kSecClassIdentity, kSecValueRef: identity, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
        // keychain-lint:disable:previous identity-add - the old server's test expects errSecParam
        return status
    }

    static func addAgain(_ identity: SecIdentity) -> OSStatus {
        // keychain-lint: disable:next identity-add - a space after the colon is read too
        return SecItemAdd([kSecClass: kSecClassIdentity, kSecValueRef: identity, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
    }

    static func addOnceMore(_ identity: SecIdentity) -> OSStatus {
        /* keychain-lint:disable:next identity-add - a block comment on one line */
        return SecItemAdd([kSecClass: kSecClassIdentity, kSecValueRef: identity, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
    }

    static func addWithATypo(_ identity: SecIdentity) -> OSStatus {
        // keychain-lint:disable:nxt identity-add - misspelt  // expect: invalid-suppression@9
        return SecItemAdd([kSecClass: kSecClassIdentity, kSecValueRef: identity, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)  // expect: identity-add@28
    }
}
