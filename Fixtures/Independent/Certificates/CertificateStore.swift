import Foundation
import Security

enum CertificateStoreError: Error {
    case invalidDER
    case keychain(OSStatus)
}

/// Pinned server certificates and the signing key that goes with them.
struct CertificateStore {
    static let pinTag = "com.example.pinning.leaf".data(using: .utf8)!
    static let signingTag = Data("com.example.keys.signing".utf8)

    // MARK: - Wrong: application tags exist on keys only

    func addPinnedCertificate(der: Data) throws {
        guard let certificate = SecCertificateCreateWithData(nil, der as CFData) else {
            throw CertificateStoreError.invalidDER
        }
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassCertificate,
            kSecValueRef as String: certificate,
            kSecAttrApplicationTag as String: Self.pinTag,  // expect: certificate-application-tag@13
            kSecUseDataProtectionKeychain as String: true,
        ]
        let status = SecItemAdd(attributes as CFDictionary, nil)
        guard status == errSecSuccess || status == errSecDuplicateItem else {
            throw CertificateStoreError.keychain(status)
        }
    }

    func pinnedCertificate() -> SecCertificate? {
        var query = [String: Any]()
        query[kSecClass as String] = kSecClassCertificate
        query[kSecAttrApplicationTag as String] = Self.pinTag  // expect: certificate-application-tag@15
        query[kSecReturnRef as String] = true
        query[kSecUseDataProtectionKeychain as String] = true
        var result: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess, let result else { return nil }
        return (result as! SecCertificate)
    }

    func removePinnedCertificates() -> OSStatus {
        SecItemDelete([
            kSecClass: kSecClassCertificate,
            kSecAttrApplicationTag: Self.pinTag,  // expect: certificate-application-tag@13
            kSecUseDataProtectionKeychain: true,
        ] as CFDictionary)
    }

    // MARK: - Right

    func addCertificate(der: Data) throws {
        guard let certificate = SecCertificateCreateWithData(nil, der as CFData) else {
            throw CertificateStoreError.invalidDER
        }
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassCertificate,
            kSecValueRef as String: certificate,
            kSecAttrLabel as String: "Example Pinned Leaf",
            kSecUseDataProtectionKeychain as String: true,
        ]
        let status = SecItemAdd(attributes as CFDictionary, nil)
        guard status == errSecSuccess || status == errSecDuplicateItem else {
            throw CertificateStoreError.keychain(status)
        }
    }

    func makeSigningKey() throws -> SecKey {
        let attributes: [String: Any] = [
            kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
            kSecAttrKeySizeInBits as String: 256,
            kSecPrivateKeyAttrs as String: [
                kSecAttrIsPermanent as String: true,
                kSecAttrApplicationTag as String: Self.signingTag,
            ],
            kSecUseDataProtectionKeychain as String: true,
        ]
        var error: Unmanaged<CFError>?
        guard let key = SecKeyCreateRandomKey(attributes as CFDictionary, &error) else {
            throw error!.takeRetainedValue() as Error
        }
        return key
    }

    func signingKey() -> SecKey? {
        let query: [String: Any] = [
            kSecClass as String: kSecClassKey,
            kSecAttrApplicationTag as String: Self.signingTag,
            kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
            kSecAttrKeyClass as String: kSecAttrKeyClassPrivate,
            kSecReturnRef as String: true,
            kSecUseDataProtectionKeychain as String: true,
        ]
        var result: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess, let result else { return nil }
        return (result as! SecKey)
    }

    func importPublicKey(_ raw: Data) -> OSStatus {
        let options: [String: Any] = [
            kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
            kSecAttrKeyClass as String: kSecAttrKeyClassPublic,
        ]
        guard let key = SecKeyCreateWithData(raw as CFData, options as CFDictionary, nil) else { return errSecParam }
        let item: [String: Any] = [
            kSecClass as String: kSecClassKey,
            kSecValueRef as String: key,
            kSecAttrApplicationTag as String: Data("com.example.keys.server".utf8),
            kSecUseDataProtectionKeychain as String: true,
        ]
        return SecItemAdd(item as CFDictionary, nil)
    }
}
