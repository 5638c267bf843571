import Foundation
import Security

/// A store behind a protocol whose `add(_:)` deletes the old item first and drops that status,
/// then hands SecItemAdd's status back: each caller's dictionary reaches two operations, a delete
/// that `add(_:)` decides and an add its caller decides.
protocol ReplacingStoring {
    func add(_ item: [String: Any]) -> OSStatus
}

final class ReplacingStore: ReplacingStoring {
    func add(_ item: [String: Any]) -> OSStatus {
        _ = remove(item)  // expect: missing-data-protection-keychain@13
        return SecItemAdd(item as CFDictionary, nil)
    }

    func remove(_ query: [String: Any]) -> OSStatus {
        SecItemDelete(query as CFDictionary)
    }
}
