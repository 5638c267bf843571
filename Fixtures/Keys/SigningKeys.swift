import Foundation
import Security

private let Class = String(kSecClass)
private let Tag = kSecAttrApplicationTag as String

/// Generates and finds the device's signing key; the queries share a base built by a helper.
final class SigningKeys {
    private let tag = Data("com.example.keys.signing".utf8)

    private func baseQuery() -> [String: Any] {
        var query: [String: Any] = [Class: kSecClassKey, Tag: tag]
        query[kSecUseDataProtectionKeychain as String] = true
        return query
    }

    // Wrong: no key size.
    func generate() throws -> SecKey {
        let attributes: [String: Any] = [
            kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
            kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, Tag: tag],
        ]
        var error: Unmanaged<CFError>?
        guard let key = SecKeyCreateRandomKey(attributes as CFDictionary, &error) else {  // expect: key-generation-missing-attribute@25
            throw error!.takeRetainedValue() as Error
        }
        return key
    }

    // Wrong: the base query names no key type, so an RSA key under the same tag matches too.
    func find() -> SecKey? {
        var query = baseQuery()
        query[kSecReturnRef as String] = true
        var item: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess else { return nil }  // expect: key-query-missing-key-type@15
        return (item as! SecKey)
    }

    // Wrong: raw key bytes added as data.
    func importRaw(_ keyData: Data) -> OSStatus {
        var query = baseQuery()
        query.updateValue(keyData, forKey: kSecValueData as String)  // expect: raw-key-data-add@44
        let status = SecItemAdd(query as CFDictionary, nil)
        return status == errSecDuplicateItem ? errSecSuccess : status
    }

    // Right: type and size given; the query names the type; the key is added as a SecKey.
    func generateSigningKey() -> SecKey? {
        let attributes: [String: Any] = [
            kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
            kSecAttrKeySizeInBits as String: 256,
            kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, Tag: tag],
        ]
        return SecKeyCreateRandomKey(attributes as CFDictionary, nil)
    }

    func findSigningKey() -> SecKey? {
        var query = baseQuery()
        query.merge([kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom, kSecReturnRef as String: true]) { $1 }
        var item: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess else { return nil }
        return (item as! SecKey)
    }

    func importKey(_ keyData: Data) -> OSStatus {
        let options = [kSecAttrKeyType: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeyClass: kSecAttrKeyClassPrivate] as CFDictionary
        guard let key = SecKeyCreateWithData(keyData as CFData, options, nil) else { return errSecParam }
        var query = baseQuery()
        query[kSecValueRef as String] = key
        return SecItemAdd(query as CFDictionary, nil)
    }
}
