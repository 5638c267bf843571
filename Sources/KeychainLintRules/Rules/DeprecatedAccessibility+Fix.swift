/// The fix: Always becomes AfterFirstUnlock of the same device scope, in each spelling.
extension DeprecatedAccessibility {
    static let fix = RuleFix("Replaces kSecAttrAccessibleAlways with kSecAttrAccessibleAfterFirstUnlock and kSecAttrAccessibleAlwaysThisDeviceOnly with kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly where a dictionary sets them, and the wrappers' cases likewise (.always → .afterFirstUnlock, KeychainSwift's .accessibleAlways → .accessibleAfterFirstUnlock). A local or private constant that holds one is replaced where it is declared, when the file uses it only as the value of kSecAttrAccessible entries. Constants that are compared or matched, and the raw values dk/dku, are left to you.", applicability: .varies, storedItems: """
    Accessibility is no part of an item's identity, so where the accessibility only describes an item \
    being made (SecItemAdd, the attributes SecItemUpdate writes, a key's attributes) the fix is safe: \
    new items get the new accessibility, and an add still meets the item an earlier build stored. \
    Items already stored keep Always until they are written again; to move them, update each with \
    SecItemUpdate(query, [kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock]). Where the same \
    dictionary also searches (a lookup, an update's or a delete's query, or a use this file cannot \
    see), the search would no longer match the items stored with Always, so the fix is unsafe: run the \
    update above once per install before the first lookup. SwiftKeychainWrapper searches by the \
    accessibility it is given, so its fix is unsafe too; KeychainAccess, KeychainSwift and \
    SimpleKeychain set it only on the items they write.
    """, examples: [
        FixExample("""
        func save(_ token: Data) {
            let item: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                       kSecAttrAccessible as String: kSecAttrAccessibleAlways, kSecValueData as String: token]
            SecItemAdd(item as CFDictionary, nil)
            var q = [String: Any]()
            q[kSecAttrAccessible as String] = kSecAttrAccessibleAlwaysThisDeviceOnly
            q[kSecValueData as String] = token
            SecItemAdd(q as CFDictionary, nil)
        }
        """, fixed: """
        func save(_ token: Data) {
            let item: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                       kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock, kSecValueData as String: token]
            SecItemAdd(item as CFDictionary, nil)
            var q = [String: Any]()
            q[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            q[kSecValueData as String] = token
            SecItemAdd(q as CFDictionary, nil)
        }
        """, note: "Dictionaries that only add items: safe."),
        FixExample("""
        func update(_ token: Data) {
            let legacy = kSecAttrAccessibleAlways
            let attributes = [kSecValueData as String: token, kSecAttrAccessible as String: legacy] as [String: Any]
            SecItemUpdate([kSecClass as String: kSecClassGenericPassword] as CFDictionary, attributes as CFDictionary)
        }
        """, fixed: """
        func update(_ token: Data) {
            let legacy = kSecAttrAccessibleAfterFirstUnlock
            let attributes = [kSecValueData as String: token, kSecAttrAccessible as String: legacy] as [String: Any]
            SecItemUpdate([kSecClass as String: kSecClassGenericPassword] as CFDictionary, attributes as CFDictionary)
        }
        """, note: "A local constant used only as an accessibility the update writes: replaced where it is declared; safe."),
        FixExample("""
        let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                    kSecAttrAccessible as String: kSecAttrAccessibleAlways]
        func load() -> OSStatus {
            SecItemCopyMatching(query as CFDictionary, nil)
        }
        """, fixed: """
        let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                    kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock]
        func load() -> OSStatus {
            SecItemCopyMatching(query as CFDictionary, nil)
        }
        """, applicability: .unsafe, note: "A lookup that matches the accessibility would no longer find the items stored with Always: unsafe."),
        FixExample("""
        import KeychainAccess
        import KeychainSwift

        func save(_ token: String) throws {
            try Keychain(service: "com.example.app").accessibility(.alwaysThisDeviceOnly).set(token, key: "t")
            KeychainSwift().set(token, forKey: "t", withAccess: .accessibleAlways)
        }
        """, fixed: """
        import KeychainAccess
        import KeychainSwift

        func save(_ token: String) throws {
            try Keychain(service: "com.example.app").accessibility(.afterFirstUnlockThisDeviceOnly).set(token, key: "t")
            KeychainSwift().set(token, forKey: "t", withAccess: .accessibleAfterFirstUnlock)
        }
        """, note: "The wrappers' own spellings; these libraries set the accessibility only on the items they write: safe."),
        FixExample("""
        import SwiftKeychainWrapper

        func save(_ token: String) {
            KeychainWrapper.standard.set(token, forKey: "t", withAccessibility: .always)
        }
        """, fixed: """
        import SwiftKeychainWrapper

        func save(_ token: String) {
            KeychainWrapper.standard.set(token, forKey: "t", withAccessibility: .afterFirstUnlock)
        }
        """, applicability: .unsafe, note: "SwiftKeychainWrapper searches by the accessibility: its update of an item saved with .always no longer finds it: unsafe."),
        FixExample("""
        func migrate(_ attributes: [String: Any]) -> Bool {
            attributes[kSecAttrAccessible as String] as! CFString == kSecAttrAccessibleAlways
        }
        """, fixed: nil, note: "A comparison must keep meaning Always."),
        FixExample("""
        let legacy = kSecAttrAccessibleAlways
        func save(_ token: Data) {
            SecItemAdd([kSecAttrAccessible as String: legacy, kSecValueData as String: token] as CFDictionary, nil)
        }
        """, fixed: nil, note: "A constant other files can see: they may compare with it."),
        FixExample("""
        let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccessible as String: "dk"]
        """, fixed: nil, note: "A raw value is not rewritten."),
    ])
}
