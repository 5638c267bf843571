import Foundation

/// The dictionary type has a name of its own: a function taking a `PasswordQuery` is followed
/// like one taking a `CFDictionary`.
typealias PasswordQuery = CFDictionary
typealias PasswordAttributes = [String: Any]

enum AliasedStore {
    /// Wrong: the only call passes a query without the flag, reported here with that call's line.
    static func find(with query: PasswordQuery) throws -> CFTypeRef? {
        var item: CFTypeRef?
        let status = SecItemCopyMatching(query, &item)  // expect: missing-data-protection-keychain@22
        guard status == errSecSuccess else { throw StoreError(status: status) }
        return item
    }

    static func exists(label: String) -> Bool {
        (try? find(with: [kSecClass as String: kSecClassGenericPassword, kSecAttrLabel as String: label] as CFDictionary)) != nil
    }

    /// Right: both calls pass the flag.
    static func insert(_ attributes: PasswordAttributes) throws {
        let status = SecItemAdd(attributes as CFDictionary, nil)
        guard status == errSecSuccess || status == errSecDuplicateItem else { throw StoreError(status: status) }
    }

    static func save(_ secret: Data, account: String) throws {
        try insert([kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.aliased",
                    kSecAttrAccount as String: account, kSecValueData as String: secret,
                    kSecUseDataProtectionKeychain as String: true])
    }

    static func saveBackup(_ secret: Data, account: String) throws {
        try insert([kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.backup",
                    kSecAttrAccount as String: account, kSecValueData as String: secret,
                    kSecUseDataProtectionKeychain as String: true])
    }

    /// The status goes back to the caller as an error's code: a caller can tell a duplicate apart.
    static func add(_ attributes: PasswordAttributes) -> Int {
        let status: OSStatus = SecItemAdd(attributes as CFDictionary, nil)
        if status != errSecSuccess {
            let error = NSError(domain: NSOSStatusErrorDomain, code: Int(status))
            return error.code
        }
        return 0
    }

    static func addToken(_ token: Data) -> Int {
        add([kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.token",
             kSecAttrAccount as String: "token", kSecValueData as String: token, kSecUseDataProtectionKeychain as String: true])
    }
}
