import Foundation

/// Wrong: the convenience initializer hands SecItemCopyMatching and SecItemDelete down by name;
/// the lookup and the delete that call them lack the flag.
final class SigningKeyStore {
    let key: SecKey
    private let deleteMethod: (CFDictionary) -> OSStatus

    convenience init(tag: String) throws {
        try self.init(tag: tag, keyQuery: SecItemCopyMatching, deleteMethod: SecItemDelete)
    }

    init(tag: String, keyQuery: (CFDictionary, UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus,
         deleteMethod: @escaping (CFDictionary) -> OSStatus) throws {
        key = try Self.find(tag: tag, keyQuery: keyQuery)
        self.deleteMethod = deleteMethod
    }

    static func find(tag: String, keyQuery: (CFDictionary, UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus) throws -> SecKey {
        let query: NSDictionary = [
            kSecClass: kSecClassKey,
            kSecAttrApplicationTag: Data(tag.utf8),
            kSecAttrKeyType: kSecAttrKeyTypeECSECPrimeRandom,
            kSecReturnRef: true,
        ]
        var item: CFTypeRef?
        guard keyQuery(query, &item) == errSecSuccess, let item else {  // expect: missing-data-protection-keychain@15
            throw StoreError(status: errSecItemNotFound)
        }
        return item as! SecKey
    }

    func deleteKey(tag: String) throws {
        let query: NSDictionary = [
            kSecClass: kSecClassKey,
            kSecAttrApplicationTag: Data(tag.utf8),
            kSecAttrKeyType: kSecAttrKeyTypeECSECPrimeRandom,
        ]
        let status = deleteMethod(query)  // expect: missing-data-protection-keychain@22
        guard status == errSecSuccess else { throw StoreError(status: status) }
    }
}

/// Right: the same shape with the flag on both dictionaries.
final class ProtectedSigningKeyStore {
    private let deleteMethod: (CFDictionary) -> OSStatus

    convenience init() {
        self.init(deleteMethod: SecItemDelete)
    }

    init(deleteMethod: @escaping (CFDictionary) -> OSStatus) {
        self.deleteMethod = deleteMethod
    }

    func deleteKey(tag: String) throws {
        let query: NSDictionary = [
            kSecClass: kSecClassKey,
            kSecAttrApplicationTag: Data(tag.utf8),
            kSecAttrKeyType: kSecAttrKeyTypeECSECPrimeRandom,
            kSecUseDataProtectionKeychain: true,
        ]
        let status = deleteMethod(query)
        guard status == errSecSuccess else { throw StoreError(status: status) }
    }
}
