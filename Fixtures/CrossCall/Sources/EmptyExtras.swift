import Foundation
import Security

/// A helper that completes whatever entries its caller passes, called with extras and with an
/// empty literal (`[:]`): both calls hand the helper's dictionary to their operation.
final class EmptyExtras {
    private func query(_ extras: [String: AnyObject]) -> CFDictionary {
        var query = extras
        query[kSecClass as String] = kSecClassGenericPassword
        query[kSecAttrService as String] = "com.example.extras" as AnyObject
        return query as CFDictionary
    }

    func remove(account: String) -> Bool {
        SecItemDelete(query([kSecAttrAccount as String: account as AnyObject])) == errSecSuccess  // expect: missing-data-protection-keychain@9
    }

    func removeAll() -> Bool {
        SecItemDelete(query([:])) == errSecSuccess  // expect: missing-data-protection-keychain@9
    }
}
