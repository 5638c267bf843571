import Foundation
import Security

/// Installs the client certificate used for mutual TLS.
final class IdentityImporter {
    // Wrong: there is no identity table to add to.
    func install(_ identity: SecIdentity) -> OSStatus {
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassIdentity,  // expect: identity-add@13
            kSecValueRef as String: identity,
            kSecAttrLabel as String: "Client TLS",
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    // Right: import the PKCS#12, then add its certificate and key separately.
    func install(p12: Data, passphrase: String) -> OSStatus {
        var items: CFArray?
        let options = [kSecImportExportPassphrase as String: passphrase]
        let status = SecPKCS12Import(p12 as CFData, options as CFDictionary, &items)
        guard status == errSecSuccess,
              let first = (items as? [[String: Any]])?.first,
              let identity = first[kSecImportItemIdentity as String] else { return status }
        var certificate: SecCertificate?
        var key: SecKey?
        SecIdentityCopyCertificate(identity as! SecIdentity, &certificate)
        SecIdentityCopyPrivateKey(identity as! SecIdentity, &key)
        let addCertificate = SecItemAdd([
            kSecClass: kSecClassCertificate,
            kSecValueRef: certificate as Any,
            kSecAttrLabel: "Client TLS",
            kSecUseDataProtectionKeychain: true,
        ] as CFDictionary, nil)
        guard addCertificate == errSecSuccess || addCertificate == errSecDuplicateItem else { return addCertificate }
        let addKey = SecItemAdd([
            kSecClass: kSecClassKey,
            kSecValueRef: key as Any,
            kSecAttrLabel: "Client TLS",
            kSecUseDataProtectionKeychain: true,
        ] as CFDictionary, nil)
        return addKey == errSecDuplicateItem ? errSecSuccess : addKey
    }

    // Right: identities are read with a query.
    func installedIdentity() -> SecIdentity? {
        let query: [String: Any] = [
            kSecClass as String: kSecClassIdentity,
            kSecAttrLabel as String: "Client TLS",
            kSecReturnRef as String: true,
            kSecMatchLimit as String: kSecMatchLimitOne,
            kSecUseDataProtectionKeychain as String: true,
        ]
        var item: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess else { return nil }
        return (item as! SecIdentity)
    }
}
