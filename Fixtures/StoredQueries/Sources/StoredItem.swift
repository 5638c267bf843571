import Foundation
import Security

/// An item type keeps its base query; the operations are written once, in protocol extensions.
/// The conforming types, and the initializers that set their query, are in other files.
protocol StoredItem {
    var query: [String: Any] { get }
}

extension StoredItem {
    func remove(account: String) -> OSStatus {
        var query = self.query
        query[kSecAttrAccount as String] = account
        return SecItemDelete(query as CFDictionary)  // expect: missing-data-protection-keychain@16
    }
}

/// The twin: every conforming type selects the data protection keychain.
protocol SecureStoredItem {
    var query: [String: Any] { get }
}

extension SecureStoredItem {
    func remove(account: String) -> OSStatus {
        var query = self.query
        query[kSecAttrAccount as String] = account
        return SecItemDelete(query as CFDictionary)
    }
}
