import Foundation

typealias CopyFunction = (CFDictionary, UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus
typealias AddFunction = (CFDictionary, UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus
typealias DeleteFunction = (CFDictionary) -> OSStatus

struct StoreError: Error {
    let status: OSStatus
}

/// Wrong: the operations come in as initializer parameters defaulting to the Security functions
/// and kept in properties of the same name; no dictionary carries the data protection flag.
final class InjectedStore {
    private let copyMatching: CopyFunction
    private let add: AddFunction
    private let delete: DeleteFunction
    private let service = "com.example.injected"

    init(
        copyMatching: @escaping CopyFunction = SecItemCopyMatching,
        add: @escaping AddFunction = SecItemAdd,
        delete: @escaping DeleteFunction = SecItemDelete
    ) {
        self.copyMatching = copyMatching
        self.add = add
        self.delete = delete
    }

    func save(_ secret: Data, account: String) throws {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecValueData as String: secret,
        ]
        let status = add(query as CFDictionary, nil)  // expect: missing-data-protection-keychain@22
        if status == errSecDuplicateItem { return }
        guard status == errSecSuccess else { throw StoreError(status: status) }
    }

    func load(account: String) -> Data? {
        var result: CFTypeRef?
        let status = lookup([  // expect: missing-data-protection-keychain@29
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecReturnData as String: true,
        ], result: &result)
        return status == errSecSuccess ? result as? Data : nil
    }

    func remove(account: String) {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
        _ = self.delete(query as CFDictionary)  // expect: missing-data-protection-keychain@18
    }

    /// Retries once with the default search list when the lookup is refused, and hands the
    /// status back: each caller decides, so each caller's dictionary is judged where it passes it.
    private func lookup(_ query: [String: Any], result: inout CFTypeRef?) -> OSStatus {
        let status = copyMatching(query as CFDictionary, &result)
        guard status == errSecParam else {
            return status
        }
        var retry = query
        retry[kSecMatchLimit as String] = kSecMatchLimitOne
        return copyMatching(retry as CFDictionary, &result)
    }
}

/// Right: the same injected operations, every dictionary with the flag.
final class ProtectedInjectedStore {
    private let copyMatching: CopyFunction
    private let add: AddFunction
    private let service = "com.example.protected"

    init(copyMatching: @escaping CopyFunction = SecItemCopyMatching, add: @escaping AddFunction = SecItemAdd) {
        self.copyMatching = copyMatching
        self.add = add
    }

    func save(_ secret: Data, account: String) throws {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecValueData as String: secret,
            kSecUseDataProtectionKeychain as String: true,
        ]
        let status = add(query as CFDictionary, nil)
        if status == errSecDuplicateItem { return }
        guard status == errSecSuccess else { throw StoreError(status: status) }
    }

    func load(account: String) -> Data? {
        var result: CFTypeRef?
        let status = copyMatching([
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecReturnData as String: true,
            kSecUseDataProtectionKeychain as String: true,
        ] as CFDictionary, &result)
        return status == errSecSuccess ? result as? Data : nil
    }
}
