import Security

/// The first level of a helper chain: VaultStore.swift forwards this query, VaultMigration.swift extends it.
struct VaultService {
    func makeQuery() -> [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.vault",
            kSecUseDataProtectionKeychain as String: true,
        ]
    }
}
