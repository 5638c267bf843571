import Foundation

extension CFString {
    /// The constant as a `String` key, like `kSecClass as String`.
    var stringValue: String { self as String }
}

enum ConvertedKeys {
    static let itemClass = kSecClass.stringValue
    static let service = kSecAttrService.stringValue
    static let account = kSecAttrAccount.stringValue
    static let data = kSecValueData.stringValue
    static let dataProtection = kSecUseDataProtectionKeychain.stringValue
}

/// The item's operations behind a protocol; the one implementation hands each status back.
protocol ItemOperations {
    func delete(withQuery query: [String: Any]) -> OSStatus
}

struct SystemItemOperations: ItemOperations {
    func delete(withQuery query: [String: Any]) -> OSStatus {
        SecItemDelete(query as CFDictionary)
    }
}

/// Keys spelled through a `CFString` extension; the delete behind the protocol hands its status
/// to `remove(withQuery:)`, which decides: the call there is the operation.
final class ConvertedKeyStore {
    private let operations: ItemOperations = SystemItemOperations()

    // Wrong: the only call of this function passes a query without the flag.
    func remove(withQuery query: [String: Any]) throws {
        let status = operations.delete(withQuery: query)  // expect: missing-data-protection-keychain@33
        if status != errSecSuccess && status != errSecItemNotFound { throw StoreError(status: status) }
    }

    func forget(account: String) throws {
        try remove(withQuery: [ConvertedKeys.itemClass: kSecClassGenericPassword, ConvertedKeys.service: "com.example.converted",
                               ConvertedKeys.account: account])
    }

    // Right: the same keys with the flag.
    func save(_ secret: Data, account: String) throws {
        let item: [String: Any] = [ConvertedKeys.itemClass: kSecClassGenericPassword, ConvertedKeys.service: "com.example.converted",
                                   ConvertedKeys.account: account, ConvertedKeys.data: secret, ConvertedKeys.dataProtection: true]
        let status = SecItemAdd(item as CFDictionary, nil)
        guard status == errSecSuccess || status == errSecDuplicateItem else { throw StoreError(status: status) }
    }
}
