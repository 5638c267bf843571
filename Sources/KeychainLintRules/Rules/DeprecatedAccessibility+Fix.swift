/// The fix: Always becomes AfterFirstUnlock of the same device scope, in each spelling.
extension DeprecatedAccessibility {
    static let fix = RuleFix("Replaces kSecAttrAccessibleAlways with kSecAttrAccessibleAfterFirstUnlock and kSecAttrAccessibleAlwaysThisDeviceOnly with kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly where a dictionary sets them, and the wrappers' cases likewise (.always → .afterFirstUnlock, KeychainSwift's .accessibleAlways → .accessibleAfterFirstUnlock). Constants that are compared or matched, and the raw values dk/dku, are left to you.", examples: [
        FixExample("""
        let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                    kSecAttrAccessible as String: kSecAttrAccessibleAlways]
        func save(_ token: Data) {
            var q = [String: Any]()
            q[kSecAttrAccessible as String] = kSecAttrAccessibleAlwaysThisDeviceOnly
            q[kSecValueData as String] = token
            SecItemAdd(q as CFDictionary, nil)
        }
        """, fixed: """
        let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                    kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock]
        func save(_ token: Data) {
            var q = [String: Any]()
            q[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            q[kSecValueData as String] = token
            SecItemAdd(q as CFDictionary, nil)
        }
        """),
        FixExample("""
        import KeychainAccess
        import KeychainSwift
        import SwiftKeychainWrapper

        func save(_ token: String) throws {
            try Keychain(service: "com.example.app").accessibility(.alwaysThisDeviceOnly).set(token, key: "t")
            KeychainSwift().set(token, forKey: "t", withAccess: .accessibleAlways)
            KeychainWrapper.standard.set(token, forKey: "t", withAccessibility: .always)
        }
        """, fixed: """
        import KeychainAccess
        import KeychainSwift
        import SwiftKeychainWrapper

        func save(_ token: String) throws {
            try Keychain(service: "com.example.app").accessibility(.afterFirstUnlockThisDeviceOnly).set(token, key: "t")
            KeychainSwift().set(token, forKey: "t", withAccess: .accessibleAfterFirstUnlock)
            KeychainWrapper.standard.set(token, forKey: "t", withAccessibility: .afterFirstUnlock)
        }
        """, note: "The wrappers' own spellings."),
        FixExample("""
        func migrate(_ attributes: [String: Any]) -> Bool {
            attributes[kSecAttrAccessible as String] as! CFString == kSecAttrAccessibleAlways
        }
        """, fixed: nil, note: "A comparison must keep meaning Always."),
        FixExample("""
        let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccessible as String: "dk"]
        """, fixed: nil, note: "A raw value is not rewritten."),
    ])
}
