import KeychainLintModel

/// An item's access group is fixed when it is added.
struct AccessGroupUpdate: Rule {
    static let description = RuleDescription(
        id: "access-group-update",
        defaultSeverity: .error,
        summary: "kSecAttrAccessGroup in the attributes that SecItemUpdate changes.",
        rationale: """
        The access group of a keychain item cannot be changed: SecItemUpdate with kSecAttrAccessGroup \
        in its attributes fails (errSecParam or errSecMissingEntitlement), and the item stays where it was.
        """,
        howToFix: "Read the item, add a copy in the new group with SecItemAdd, then delete the old one.",
        triggering: [
            RuleExample("""
            func move(to group: String) {
                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example"]
                let attributes: [String: Any] = [↓kSecAttrAccessGroup as String: "ABCDE12345.com.example.shared"]
                SecItemUpdate(query as CFDictionary, attributes as CFDictionary)
            }
            """),
            RuleExample("""
            func move(to group: String) {
                var changes = [String: Any]()
                changes[↓kSecAttrAccessGroup as String] = group
                SecItemUpdate([kSecClass: kSecClassGenericPassword, kSecUseDataProtectionKeychain: true] as CFDictionary, changes as CFDictionary)
            }
            """, note: "Presence is enough; the value may be unknown."),
            RuleExample("""
            func move() {
                SecItemUpdate([kSecClass: kSecClassKey, kSecAttrKeyType: kSecAttrKeyTypeRSA, kSecUseDataProtectionKeychain: true] as CFDictionary,
                              [↓kSecAttrAccessGroup: "group.com.example"] as CFDictionary)
            }
            """),
            RuleExample("""
            let shared: [CFString: Any] = [kSecClass: kSecClassGenericPassword, ↓kSecAttrAccessGroup: "ABCDE12345.com.example.shared"]
            func attributes(_ key: String?, _ data: Data) -> [CFString: Any] {
                var attributes: [CFString: Any] = [:]
                if key != nil {
                    attributes = shared
                    attributes[kSecAttrAccount] = key
                }
                attributes[kSecValueData] = data
                return attributes
            }
            func replace(_ data: Data) {
                SecItemUpdate(shared as CFDictionary, attributes("me", data) as CFDictionary)
            }
            """, note: "A key is passed, so the attributes take the shared dictionary's group."),
        ],
        nonTriggering: [
            RuleExample("""
            func rename() {
                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                            kSecAttrAccessGroup as String: "ABCDE12345.com.example.shared"]
                SecItemUpdate(query as CFDictionary, [kSecAttrLabel as String: "Token"] as CFDictionary)
            }
            """, note: "A group in the query only selects items."),
            RuleExample("""
            func copy(_ data: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrAccessGroup: "ABCDE12345.com.example.shared",
                            kSecValueData: data, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """),
            RuleExample("""
            let shared: [CFString: Any] = [kSecClass: kSecClassGenericPassword, kSecAttrAccessGroup: "ABCDE12345.com.example.shared"]
            func attributes(_ key: String?, _ data: Data) -> [CFString: Any] {
                var attributes: [CFString: Any] = [:]
                if key != nil {
                    attributes = shared
                    attributes[kSecAttrAccount] = key
                }
                attributes[kSecValueData] = data
                return attributes
            }
            func replace(_ data: Data) {
                SecItemUpdate(shared as CFDictionary, attributes(nil, data) as CFDictionary)
            }
            """, note: "The group is set only where the key is there, and this call passes nil."),
        ]
    )

    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        for use in file.uses where use.role == .attributesToUpdate {
            for entry in use.dictionary.entries("kSecAttrAccessGroup") {
                findings.report(at: entry.keyOffset, "An item's access group cannot be updated; SecItemUpdate fails and the item stays. Add a copy in the new group, then delete the old item." + use.routeNote)
            }
        }
    }
}
