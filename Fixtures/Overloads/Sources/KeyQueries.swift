import Foundation
import Security

/// Free functions of one name told apart by arity: the one-argument form is a key query without a
/// key type, the two-argument form names it.
func keyQuery(_ tag: Data) -> [String: Any] {
    [kSecClass as String: kSecClassKey, kSecAttrApplicationTag as String: tag, kSecUseDataProtectionKeychain as String: true]
}

func keyQuery(_ tag: Data, _ type: CFString) -> [String: Any] {
    var query = keyQuery(tag)
    query[kSecAttrKeyType as String] = type
    return query
}

func loadSigningKey() -> SecKey? {
    var result: CFTypeRef?
    guard SecItemCopyMatching(keyQuery(Data("signing".utf8), kSecAttrKeyTypeECSECPrimeRandom) as CFDictionary, &result) == errSecSuccess else {
        return nil
    }
    return (result as! SecKey)
}

func loadAnyKey() -> SecKey? {
    var result: CFTypeRef?
    guard SecItemCopyMatching(keyQuery(Data("any".utf8)) as CFDictionary, &result) == errSecSuccess else {  // expect: key-query-missing-key-type@11
        return nil
    }
    return (result as! SecKey)
}
