import Foundation
import Security

// Shape H: the legacy-keychain exemption holds only when every macOS path names a keychain;
// the data protection flag counts when it is set on any path.

#if os(macOS)
/// Names the keychain file an installer chose, when it chose one.
func targetKeychain(_ query: inout [String: Any], _ keychain: SecKeychain?) {
    if let kc = keychain {
        query[kSecUseKeychain as String] = kc
    }
}

/// Moves the query to the data protection keychain once the user has migrated.
func preferDataProtection(_ query: inout [String: Any], migrated: Bool) {
    if migrated {
        query[kSecUseDataProtectionKeychain as String] = true
    }
}

/// Reads the license older installers wrote, sometimes to a keychain file of their own.
struct LicenseKeychain {
    private func licenseQuery() -> [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.license",
            kSecAttrAccount as String: "license",
        ]
    }

    // Wrong: without a keychain file the lookup goes to the legacy default keychain.
    func readLicense(from keychain: SecKeychain?) -> Data? {
        var query = licenseQuery()
        query[kSecReturnData as String] = true
        if let kc = keychain {
            query[kSecUseKeychain as String] = kc
        }
        var result: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess else { return nil }  // expect: missing-data-protection-keychain@15
        return result as? Data
    }

    // Right: every path names the keychains it searches.
    func hasLicense(in keychain: SecKeychain?, searchList: [SecKeychain]) -> Bool {
        var query = licenseQuery()
        if let kc = keychain {
            query[kSecUseKeychain as String] = kc
        } else {
            query[kSecMatchSearchList as String] = searchList
        }
        return SecItemCopyMatching(query as CFDictionary, nil) == errSecSuccess
    }

    // Right: the flag on one path is a deliberate choice.
    func removeLicense(migrated: Bool) -> OSStatus {
        var query = licenseQuery()
        if migrated {
            query[kSecUseDataProtectionKeychain as String] = true
        }
        return SecItemDelete(query as CFDictionary)
    }

    // Wrong: the inout helper names a keychain on one path only.
    func removeReceipt(in keychain: SecKeychain?) -> OSStatus {
        var query = licenseQuery()
        query[kSecAttrAccount as String] = "receipt"
        targetKeychain(&query, keychain)
        return SecItemDelete(query as CFDictionary)  // expect: missing-data-protection-keychain@16
    }

    // Right: the inout helper sets the flag on one path.
    func receiptExists(migrated: Bool) -> Bool {
        var query = licenseQuery()
        query[kSecAttrAccount as String] = "receipt"
        preferDataProtection(&query, migrated: migrated)
        return SecItemCopyMatching(query as CFDictionary, nil) == errSecSuccess
    }
}
#endif
