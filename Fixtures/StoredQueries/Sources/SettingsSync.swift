import Foundation
import Security

final class SettingsSync {
    private let settings: SettingsQuery

    init() {
        settings = SettingsQuery(service: "com.example.settings")
    }

    func reset(account: String) {
        var query = self.settings.query
        query[kSecAttrAccount as String] = account
        SecItemDelete(query as CFDictionary)  // expect: missing-data-protection-keychain@9
    }
}

final class SecureSettingsSync {
    private let settings: SecureSettingsQuery

    init() {
        settings = SecureSettingsQuery(service: "com.example.settings")
    }

    func reset(account: String) {
        var query = self.settings.query
        query[kSecAttrAccount as String] = account
        SecItemDelete(query as CFDictionary)
    }
}
