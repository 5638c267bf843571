import Foundation
import Security

/// Pins the server's certificate and keeps the signing key next to it.
struct CertificateStore {
    let tag = "com.example.keys.signing".data(using: .utf8)!

    // Wrong: certificates have no application tag.
    func pin(_ certificate: SecCertificate) -> OSStatus {
        var query: [String: Any] = [kSecClass as String: kSecClassCertificate]
        query[kSecValueRef as String] = certificate
        query[kSecAttrApplicationTag as String] = tag  // expect: certificate-application-tag@15
        query[kSecUseDataProtectionKeychain as String] = true
        return SecItemAdd(query as CFDictionary, nil)
    }

    // Wrong: a lookup by tag never finds a certificate either.
    func pinned() -> SecCertificate? {
        var item: CFTypeRef?
        let status = SecItemCopyMatching([
            kSecClass: kSecClassCertificate,
            kSecAttrApplicationTag: tag,  // expect: certificate-application-tag@13
            kSecReturnRef: true,
            kSecUseDataProtectionKeychain: true,
        ] as CFDictionary, &item)
        return status == errSecSuccess ? (item as! SecCertificate) : nil
    }

    // Right: tags belong on keys; certificates are found by label.
    func storeSigningKey(_ key: SecKey, certificate: SecCertificate) -> OSStatus {
        let key = SecItemAdd([
            kSecClass: kSecClassKey,
            kSecAttrApplicationTag: tag,
            kSecValueRef: key,
            kSecUseDataProtectionKeychain: true,
        ] as CFDictionary, nil)
        guard key == errSecSuccess else { return key }
        return SecItemAdd([
            kSecClass: kSecClassCertificate,
            kSecAttrLabel: "Signing certificate",
            kSecValueRef: certificate,
            kSecUseDataProtectionKeychain: true,
        ] as CFDictionary, nil)
    }
}
