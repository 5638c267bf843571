import Foundation

struct TokenError: Error {
    let code: Int32
}

final class TokenStore {
    private let service = "com.example.tokens"

    // Wrong, reported at the operation: both calls of this private helper pass a query without
    // the data protection flag, one mistake to fix here.
    private func insert(_ query: CFDictionary) throws {
        try check(SecItemAdd(query, nil))  // expect: missing-data-protection-keychain@19
    }

    // The private helper has two callers, one of which sets the flag: the caller that does not
    // is reported where it passes its query.
    private func remove(_ query: CFDictionary) -> Bool {
        SecItemDelete(query) == errSecSuccess
    }

    /// Throws an error that carries the status: a caller can tell a duplicate apart, so the
    /// adds whose status comes here are handled.
    private func check(_ status: OSStatus) throws {
        let code = Int32(status)
        let error = TokenError(code: code)
        if status != errSecSuccess { throw error }
    }

    /// Throws text made from the status only: a caller cannot tell a duplicate apart.
    private func report(_ status: OSStatus) throws {
        let text = SecCopyErrorMessageString(status, nil) as String?
        if status != errSecSuccess { throw CocoaError(.fileWriteUnknown, userInfo: ["reason": text ?? ""]) }
    }

    func save(_ token: Data, account: String) throws {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecValueData as String: token,
        ]
        try insert(query as CFDictionary)
    }

    func saveShared(_ token: Data, account: String) throws {
        var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service]
        query[kSecAttrAccount as String] = account
        query[kSecValueData as String] = token
        try insert(query as CFDictionary)
    }

    func forget(account: String) -> Bool {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
        return remove(query as CFDictionary)  // expect: missing-data-protection-keychain@16
    }

    func forgetEverywhere(account: String) -> Bool {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecUseDataProtectionKeychain as String: true,
        ]
        return remove(query as CFDictionary)
    }

    // Wrong: the status goes to a function that throws only text made from it.
    func keep(_ token: Data, account: String) throws {
        let item: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecValueData as String: token,
            kSecUseDataProtectionKeychain as String: true,
        ]
        let status = SecItemAdd(item as CFDictionary, nil)  // expect: unhandled-duplicate-item@22
        try report(status)
    }

    // Right: the same add, its status bound and handed to the function that throws it.
    func store(_ token: Data, account: String) throws {
        let item: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecValueData as String: token,
            kSecUseDataProtectionKeychain as String: true,
        ]
        let status = SecItemAdd(item as CFDictionary, nil)
        try check(status)
    }
}
