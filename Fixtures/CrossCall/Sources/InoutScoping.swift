import Foundation
import Security

// Shape C: helpers that change the caller's dictionary through inout, and a builder whose
// mutating methods change its own dictionary. What they add counts for the caller.

/// Puts a query on the data protection keychain; stores call it before each operation.
func scope(_ q: inout [String: Any]) {
    q[kSecUseDataProtectionKeychain as String] = true
}

/// Names the item as Keychain Access shows it; adds nothing else.
func label(_ q: inout [String: Any], as name: String) {
    q[kSecAttrLabel as String] = name
}

enum KeychainDefaults {
    /// The app's defaults for every item it adds.
    static func apply(to query: inout [String: Any]) {
        query[kSecUseDataProtectionKeychain as String] = true
        query[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlock
    }
}

struct WidgetTokenStore {
    private let service = "com.example.widget-token"

    // Right: scope(_:) adds the flag to the caller's query.
    func tokenExists() -> Bool {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: "widget",
        ]
        scope(&query)
        return SecItemCopyMatching(query as CFDictionary, nil) == errSecSuccess
    }

    // Wrong: the helper this one calls only sets a label.
    func removeToken() -> OSStatus {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: "widget",
        ]
        label(&query, as: "Widget token")
        return SecItemDelete(query as CFDictionary)  // expect: missing-data-protection-keychain@16
    }

    // Right: a static inout helper adds the flag.
    func saveToken(_ token: Data) -> OSStatus {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: "widget",
            kSecValueData as String: token,
        ]
        KeychainDefaults.apply(to: &query)
        return SecItemAdd(query as CFDictionary, nil)
    }
}

/// Builds a lookup step by step; each step is a mutating method on the builder's own dictionary.
struct ItemLookup {
    private(set) var query: [String: Any]

    init(service: String, account: String) {
        query = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
    }

    mutating func onDataProtectionKeychain() {
        query[kSecUseDataProtectionKeychain as String] = true
    }

    mutating func returningData() {
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
    }
}

struct PreferencesSecrets {
    // Right: the builder's step added the flag.
    func syncPassphrase() -> Data? {
        var lookup = ItemLookup(service: "com.example.preferences", account: "passphrase")
        lookup.returningData()
        lookup.onDataProtectionKeychain()
        var result: CFTypeRef?
        guard SecItemCopyMatching(lookup.query as CFDictionary, &result) == errSecSuccess else { return nil }
        return result as? Data
    }

    // Wrong: only the data step was taken.
    func exportKey() -> Data? {
        var lookup = ItemLookup(service: "com.example.preferences", account: "export-key")
        lookup.returningData()
        var result: CFTypeRef?
        guard SecItemCopyMatching(lookup.query as CFDictionary, &result) == errSecSuccess else { return nil }  // expect: missing-data-protection-keychain@15
        return result as? Data
    }
}
