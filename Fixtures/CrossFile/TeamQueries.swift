import Security

/// A base query used by ProfileStore.swift and SettingsStore.swift. Its access group has no Team
/// ID: that is one mistake, reported here at its key once, not at each of the three callers.
enum TeamQueries {
    static func shared(account: String) -> [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.team",
            kSecAttrAccount as String: account,
            kSecAttrAccessGroup as String: "com.example.shared", // expect: access-group-team-id@13
            kSecUseDataProtectionKeychain as String: true,
        ]
    }
}
