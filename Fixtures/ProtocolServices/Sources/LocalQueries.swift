import Foundation
import LocalAuthentication

enum KeyLookup {
    // Wrong: the lookup a local computed variable builds has no data protection flag.
    static func signingKey(tag: Data) -> SecKey? {
        var lookup: NSDictionary {
            let context = LAContext()
            return [
                kSecClass: kSecClassKey,
                kSecAttrApplicationTag: tag,
                kSecAttrKeyType: kSecAttrKeyTypeECSECPrimeRandom,
                kSecUseAuthenticationContext: context,
                kSecReturnRef: true,
            ]
        }
        var ref: CFTypeRef?
        guard SecItemCopyMatching(lookup as CFDictionary, &ref) == errSecSuccess else { return nil }  // expect: missing-data-protection-keychain@15
        return (ref as! SecKey)
    }

    // Right: the same local computed lookup with the flag.
    static func verifyingKey(tag: Data) -> SecKey? {
        var lookup: NSDictionary {
            [
                kSecClass: kSecClassKey,
                kSecAttrApplicationTag: tag,
                kSecAttrKeyType: kSecAttrKeyTypeECSECPrimeRandom,
                kSecUseDataProtectionKeychain: true,
                kSecReturnRef: true,
            ]
        }
        var ref: CFTypeRef?
        guard SecItemCopyMatching(lookup as CFDictionary, &ref) == errSecSuccess else { return nil }
        return (ref as! SecKey)
    }
}
