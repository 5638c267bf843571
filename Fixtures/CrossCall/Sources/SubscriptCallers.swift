import Foundation
import Security

// Callers in another file of the subscripts `SubscriptAccess.swift` declares: the project's
// summary of `KeychainItems`' subscript is applied here as it is there.

struct AvatarStore {
    let items: KeychainItems

    // Wrong: the query reaches SecItemDelete through `KeychainItems[deleting:]` without the flag.
    func removeAvatar() -> OSStatus {
        items[deleting: [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "avatar"]]  // expect: missing-data-protection-keychain@25
    }

    // Right: with the flag.
    func removeAvatars() -> OSStatus {
        items[deleting: [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: "avatars",
            kSecUseDataProtectionKeychain as String: true,
        ]]
    }

    // Right: a value whose type this file does not say is not followed (nothing is invented).
    func removeThumbnail(from other: Any) -> OSStatus {
        let store = other as AnyObject
        return (store[[kSecClass as String: kSecClassGenericPassword]] as? OSStatus) ?? errSecSuccess
    }
}
