import Foundation

/// Looks a token up with the caller's query, and decides the outcome itself.
enum TokenVault {
    static func find(query: [CFString: Any]) -> Data? {
        let query = query.merging([kSecClass: kSecClassGenericPassword, kSecReturnData: true]) { _, new in new }
        var result: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess else { return nil }
        return result as? Data
    }
}
