import Foundation
import Security

/// Types whose stored query another type reads through a property whose type is declared
/// (`self.settings.query`, in `SettingsSync.swift`).
struct SettingsQuery {
    let query: [String: Any]

    init(service: String) {
        var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
        query[kSecAttrService as String] = service
        self.query = query
    }
}

struct SecureSettingsQuery {
    let query: [String: Any]

    init(service: String) {
        query = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
                 kSecUseDataProtectionKeychain as String: true]
    }
}
