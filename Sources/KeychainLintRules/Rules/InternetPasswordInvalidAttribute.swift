import KeychainLintModel

/// Internet passwords are keyed by server, protocol, port, path and account; service and generic do not exist there.
struct InternetPasswordInvalidAttribute: Rule {
    static let description = RuleDescription(
        id: "internet-password-invalid-attribute",
        defaultSeverity: .error,
        summary: "kSecAttrService or kSecAttrGeneric on a kSecClassInternetPassword item.",
        rationale: """
        kSecAttrService and kSecAttrGeneric are generic-password attributes. On an internet password \
        the data protection keychain rejects them with errSecParam (-50) or drops them, so the item \
        is not stored, or a later query by service never finds it.
        """,
        howToFix: "Identify internet passwords with kSecAttrServer, kSecAttrProtocol, kSecAttrPort, kSecAttrPath and kSecAttrAccount.",
        triggering: [
            RuleExample("""
            func save(_ password: Data) {
                let query: [String: Any] = [
                    kSecClass as String: kSecClassInternetPassword,
                    kSecAttrServer as String: "example.com",
                    ↓kSecAttrService as String: "com.example.web",
                    kSecAttrAccount as String: "rhea",
                    kSecValueData as String: password,
                    kSecUseDataProtectionKeychain as String: true,
                ]
                SecItemAdd(query as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func find() {
                var q = [String: Any]()
                q[kSecClass as String] = kSecClassInternetPassword
                q[kSecAttrServer as String] = "example.com"
                q[↓kSecAttrGeneric as String] = Data("v2".utf8)
                q[kSecUseDataProtectionKeychain as String] = true
                SecItemCopyMatching(q as CFDictionary, nil)
            }
            """),
            RuleExample("""
            private let Service = String(kSecAttrService)
            func remove() {
                SecItemDelete([kSecClass: kSecClassInternetPassword, ↓Service: "web", kSecUseDataProtectionKeychain: true] as CFDictionary)
            }
            """),
        ],
        nonTriggering: [
            RuleExample("""
            func save(_ password: Data) {
                SecItemAdd([kSecClass: kSecClassInternetPassword, kSecAttrServer: "example.com", kSecAttrProtocol: kSecAttrProtocolHTTPS,
                            kSecAttrAccount: "rhea", kSecValueData: password, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func save(_ token: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example", kSecAttrGeneric: Data(),
                            kSecValueData: token, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, note: "Both are attributes of generic passwords."),
        ]
    )

    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        for use in file.uses(ofClass: "kSecClassInternetPassword") {
            for entry in use.dictionary.entries where entry.key == "kSecAttrService" || entry.key == "kSecAttrGeneric" {
                findings.report(at: entry.keyOffset, "\(entry.key) is not an internet-password attribute; the item is rejected or never matched. Use kSecAttrServer, kSecAttrProtocol and kSecAttrAccount.")
            }
        }
    }
}
