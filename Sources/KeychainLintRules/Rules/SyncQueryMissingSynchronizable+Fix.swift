/// The fix: the query matches synced and unsynced items alike.
extension SyncQueryMissingSynchronizable {
    static let fix = RuleFix("Adds kSecAttrSynchronizable: kSecAttrSynchronizableAny to the query, in the dictionary's own style, as the missing-data-protection-keychain fix adds its entry, and under the same conditions.", examples: [
        FixExample("""
        func save(_ token: Data) {
            SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example.token",
                        kSecAttrSynchronizable: true, kSecValueData: token,
                        kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
        }
        func delete() {
            SecItemDelete([
                kSecClass: kSecClassGenericPassword,
                kSecAttrService: "com.example.token",  // the synced token
                kSecUseDataProtectionKeychain: true
            ] as CFDictionary)
        }
        """, fixed: """
        func save(_ token: Data) {
            SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example.token",
                        kSecAttrSynchronizable: true, kSecValueData: token,
                        kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
        }
        func delete() {
            SecItemDelete([
                kSecClass: kSecClassGenericPassword,
                kSecAttrService: "com.example.token",  // the synced token
                kSecUseDataProtectionKeychain: true,
                kSecAttrSynchronizable: kSecAttrSynchronizableAny
            ] as CFDictionary)
        }
        """),
    ])
}
