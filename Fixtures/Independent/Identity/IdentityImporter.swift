import Foundation
import Security

enum IdentityImportError: Error {
    case badPassphrase
    case noIdentity
    case keychain(OSStatus)
}

/// Imports the client certificate used for mutual TLS.
struct IdentityImporter {
    let label = "Example Client Identity"

    // MARK: - Wrong: identities are not stored items

    /// Adds the identity from the MDM payload. Returns errSecParam on every device.
    func storeIdentity(_ identity: SecIdentity) throws {
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassIdentity,  // expect: identity-add@13
            kSecValueRef as String: identity,
            kSecAttrLabel as String: label,
            kSecUseDataProtectionKeychain as String: true,
        ]
        let status = SecItemAdd(attributes as CFDictionary, nil)
        guard status == errSecSuccess || status == errSecDuplicateItem else {
            throw IdentityImportError.keychain(status)
        }
    }

    /// The same mistake, built step by step and spelled with CFString keys.
    func storeRenewedIdentity(_ identity: SecIdentity) -> OSStatus {
        var item: [CFString: Any] = [:]
        item[kSecClass] = kSecClassIdentity  // expect: identity-add@14
        item[kSecValueRef] = identity
        item[kSecUseDataProtectionKeychain] = kCFBooleanTrue
        return SecItemAdd(item as CFDictionary, nil)
    }

    /// Handed to a background queue that adds it; it carries the identity ref, so it is an add.
    func pendingIdentityItem(_ identity: SecIdentity) -> [String: Any] {
        [
            kSecClass as String: kSecClassIdentity,  // expect: identity-add@13
            kSecValueRef as String: identity,
            kSecUseDataProtectionKeychain as String: true,
        ]
    }

    // MARK: - Right: import PKCS#12, query identities

    func importPKCS12(_ p12: Data, passphrase: String) throws -> SecIdentity {
        let options: [String: Any] = [kSecImportExportPassphrase as String: passphrase]
        var items: CFArray?
        let status = SecPKCS12Import(p12 as CFData, options as CFDictionary, &items)
        if status == errSecAuthFailed { throw IdentityImportError.badPassphrase }
        guard status == errSecSuccess,
              let results = items as? [[String: Any]],
              let first = results.first,
              let value = first[kSecImportItemIdentity as String] else {
            throw IdentityImportError.noIdentity
        }
        return value as! SecIdentity
    }

    /// Stores the certificate and the private key separately; the identity appears on its own.
    func persist(_ identity: SecIdentity) throws {
        var certificate: SecCertificate?
        var privateKey: SecKey?
        SecIdentityCopyCertificate(identity, &certificate)
        SecIdentityCopyPrivateKey(identity, &privateKey)
        guard let certificate, let privateKey else { throw IdentityImportError.noIdentity }

        let certItem: [String: Any] = [
            kSecClass as String: kSecClassCertificate,
            kSecValueRef as String: certificate,
            kSecAttrLabel as String: label,
            kSecUseDataProtectionKeychain as String: true,
        ]
        var status = SecItemAdd(certItem as CFDictionary, nil)
        guard status == errSecSuccess || status == errSecDuplicateItem else {
            throw IdentityImportError.keychain(status)
        }

        let keyItem: [String: Any] = [
            kSecClass as String: kSecClassKey,
            kSecValueRef as String: privateKey,
            kSecAttrLabel as String: label,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            kSecUseDataProtectionKeychain as String: true,
        ]
        status = SecItemAdd(keyItem as CFDictionary, nil)
        guard status == errSecSuccess || status == errSecDuplicateItem else {
            throw IdentityImportError.keychain(status)
        }
    }

    func storedIdentity() -> SecIdentity? {
        let query: [String: Any] = [
            kSecClass as String: kSecClassIdentity,
            kSecAttrLabel as String: label,
            kSecReturnRef as String: true,
            kSecMatchLimit as String: kSecMatchLimitOne,
            kSecUseDataProtectionKeychain as String: true,
        ]
        var result: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess, let result else { return nil }
        return (result as! SecIdentity)
    }

    func removeIdentity() -> OSStatus {
        SecItemDelete([
            kSecClass as String: kSecClassIdentity,
            kSecAttrLabel as String: label,
            kSecUseDataProtectionKeychain as String: true,
        ] as CFDictionary)
    }
}
