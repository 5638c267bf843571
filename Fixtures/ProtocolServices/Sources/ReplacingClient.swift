import Foundation
import Security

/// Saves through `ReplacingStoring` (ReplacingStore.swift). Its only call misses the flag for
/// both operations: the delete, which `add(_:)` decides, is reported there; the add, whose status
/// comes back here, is reported here. It is not hidden behind the delete's finding.
final class ReplacingClient {
    private let store: ReplacingStoring

    init(store: ReplacingStoring) {
        self.store = store
    }

    func save(_ secret: Data, account: String) -> OSStatus {
        let item: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.replacing",
                                   kSecAttrAccount as String: account, kSecValueData as String: secret]
        return store.add(item)  // expect: missing-data-protection-keychain@22
    }
}
