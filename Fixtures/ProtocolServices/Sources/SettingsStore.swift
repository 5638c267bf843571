import Foundation

/// Builds its item itself; a caller adds only extras, merged in (or none: `[:]`).
final class SettingsStore {
    private let base: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword,
        kSecAttrService as String: "com.example.settings",
        kSecAttrAccount as String: "current",
    ]

    func create(_ value: Data, extraAttributes: [String: Any] = [:]) throws {
        var attributes = base
        attributes.merge(extraAttributes) { current, _ in current }
        attributes[kSecValueData as String] = value
        let status = SecItemAdd(attributes as CFDictionary, nil)
        if status != errSecSuccess && status != errSecDuplicateItem { throw StoreFailure.status(status) }
    }

    // Right: this caller's extras select the data protection keychain.
    func createProtected(_ value: Data) throws {
        try create(value, extraAttributes: [kSecUseDataProtectionKeychain as String: true])
    }
}
