/// The fix: the query matches synced and unsynced items alike.
extension SyncQueryMissingSynchronizable {
    static let fix = RuleFix("Adds kSecAttrSynchronizable: kSecAttrSynchronizableAny to the query, in the dictionary's own style, as the missing-data-protection-keychain fix adds its entry, and under the same conditions.", applicability: .unsafe, storedItems: """
    Unsafe: the query then matches the synchronized items as well as the local ones. A lookup may \
    return the synchronized item where it returned the local one before (or both, with \
    kSecMatchLimitAll); an update changes the synchronized item on every device of the user; a delete \
    removes it from iCloud Keychain, so from every device. Nothing needs moving, but check that each \
    query is meant to reach the synchronized item: to reach only one of the two, set \
    kSecAttrSynchronizable to true or false instead of kSecAttrSynchronizableAny.
    """, examples: [
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
        """, applicability: .unsafe),
    ])
}
