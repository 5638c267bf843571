/// The fix: the flag added where the dictionary is written, as that code writes its entries.
extension MissingDataProtectionKeychain {
    static let fix = RuleFix("Adds kSecUseDataProtectionKeychain: true to the dictionary literal, after its last entry and in its style (the key spelled like the others: `as String`, `String(…)` or bare; one entry per line or inline; a trailing comma kept; kCFBooleanTrue, with its `!` if written so, where the literal writes booleans that way), or, for a dictionary built step by step from `[:]`, a `q[…] = true` statement after its declaration. No fix when the dictionary is built in another function or file, reached the call through another function, or spells its keys more than one way. No fix in a plain command-line tool (a SwiftPM executableTarget, or an Xcode project of tool targets only, with no entitlements file), which cannot use the data protection keychain.", applicability: .unsafe, storedItems: """
    Unsafe: the call moves from the legacy file-based keychain to the data protection keychain. Items \
    that earlier builds stored in the file-based keychain stay there, and the fixed code no longer \
    finds them: users look signed out and saved secrets look lost. Move them once per install, before \
    the first lookup: read each item from the file-based keychain (the same query without \
    kSecUseDataProtectionKeychain, with kSecReturnData and kSecReturnAttributes), add it to the data \
    protection keychain (the query with kSecUseDataProtectionKeychain: true and the value), then delete \
    the old item from the file-based keychain, and record in UserDefaults that the move is done. The \
    data protection keychain needs the app to be signed with a keychain access group (the \
    keychain-access-groups or application-identifier entitlement from a provisioning profile); without \
    one every call fails with errSecMissingEntitlement (-34018).
    """, examples: [
        FixExample("""
        func save(_ token: Data) -> OSStatus {
            let query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecValueData as String: token,
            ]
            return SecItemAdd(query as CFDictionary, nil)
        }
        """, fixed: """
        func save(_ token: Data) -> OSStatus {
            let query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecValueData as String: token,
                kSecUseDataProtectionKeychain as String: true,
            ]
            return SecItemAdd(query as CFDictionary, nil)
        }
        """, applicability: .unsafe),
        FixExample("""
        func wipe() {
            SecItemDelete([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example"] as CFDictionary)
            SecItemDelete([String(kSecClass): kSecClassKey, String(kSecReturnRef): kCFBooleanTrue!] as CFDictionary)
        }
        """, fixed: """
        func wipe() {
            SecItemDelete([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example", kSecUseDataProtectionKeychain: true] as CFDictionary)
            SecItemDelete([String(kSecClass): kSecClassKey, String(kSecReturnRef): kCFBooleanTrue!, String(kSecUseDataProtectionKeychain): kCFBooleanTrue!] as CFDictionary)
        }
        """, applicability: .unsafe, note: "Inline literals, bare and String(…) keys."),
        FixExample("""
        func load() -> OSStatus {
            var query = [String: Any]()
            query[kSecClass as String] = kSecClassGenericPassword
            query[kSecReturnData as String] = true
            return SecItemCopyMatching(query as CFDictionary, nil)
        }
        """, fixed: """
        func load() -> OSStatus {
            var query = [String: Any]()
            query[kSecUseDataProtectionKeychain as String] = true
            query[kSecClass as String] = kSecClassGenericPassword
            query[kSecReturnData as String] = true
            return SecItemCopyMatching(query as CFDictionary, nil)
        }
        """, applicability: .unsafe, note: "Built step by step."),
        FixExample("""
        func load() -> OSStatus {
            let query = [kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example", kSecReturnData: true] as CFDictionary
            return SecItemCopyMatching(query, nil)
        }
        """, fixed: """
        func load() -> OSStatus {
            let query = [kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example", kSecReturnData: true, kSecUseDataProtectionKeychain: true] as CFDictionary
            return SecItemCopyMatching(query, nil)
        }
        """, applicability: .unsafe, note: "A literal with bare keys, cast where it is declared."),
        FixExample("""
        func baseQuery() -> [String: Any] {
            [kSecClass as String: kSecClassGenericPassword]
        }
        func load() -> OSStatus {
            SecItemCopyMatching(baseQuery() as CFDictionary, nil)
        }
        """, fixed: nil, note: "Built in another function: other callers would change too."),
        FixExample("""
        let Class = kSecClass as String
        func load() -> OSStatus {
            SecItemCopyMatching([Class: kSecClassGenericPassword, kSecReturnData as String: true] as CFDictionary, nil)
        }
        """, fixed: nil, note: "A key written through an alias: the spelling of a new key is not certain."),
    ])
}
