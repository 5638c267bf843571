import KeychainLintSyntax
import KeychainLintModel

/// A generic password is unique by service and account; a missing one is the empty default.
struct GenericPasswordMissingPrimaryKey: Rule {
    static let description = RuleDescription(
        id: "generic-password-missing-primary-key",
        defaultSeverity: .warning,
        summary: "SecItemAdd of a kSecClassGenericPassword without kSecAttrService or without kSecAttrAccount.",
        rationale: """
        Generic passwords are unique by service and account. A missing attribute takes the empty \
        default, so the next add of a different secret collides with errSecDuplicateItem (-25299), \
        and a query that names both attributes never finds the item.
        """,
        howToFix: "Set both kSecAttrService (a reverse-DNS id) and kSecAttrAccount on every generic-password add.",
        triggering: [
            RuleExample("""
            func save(_ token: Data) -> OSStatus {
                let query: [String: Any] = [
                    kSecClass as String: kSecClassGenericPassword,
                    kSecAttrService as String: "com.example.token",
                    kSecValueData as String: token,
                    kSecUseDataProtectionKeychain as String: true,
                ]
                return ↓SecItemAdd(query as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func save(_ token: Data) {
                _ = SecItemAdd(↓[kSecClass: kSecClassGenericPassword, kSecAttrAccount: "me", kSecValueData: token,
                                 kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """),
            RuleExample("""
            struct Store {
                func addQuery(_ token: Data) -> [String: Any] {
                    ↓[kSecClass as String: kSecClassGenericPassword, kSecValueData as String: token, kSecUseDataProtectionKeychain as String: true]
                }
            }
            """, note: "A dictionary carrying kSecValueData whose call is not visible is treated as an add."),
            RuleExample("""
            enum Login { case app(account: String), web(account: String, server: String) }
            func save(_ login: Login, _ secret: Data) {
                var q: [String: Any]
                switch login {
                case let .app(account):
                    q = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: account]
                case let .web(account, server):
                    q = [kSecClass as String: kSecClassInternetPassword, kSecAttrAccount as String: account, kSecAttrServer as String: server]
                }
                q[kSecValueData as String] = secret
                q[kSecUseDataProtectionKeychain as String] = true
                _ = ↓SecItemAdd(q as CFDictionary, nil)
            }
            """, note: "Each arm is an item of its own class: the generic password's arm has no service."),
        ],
        nonTriggering: [
            RuleExample("""
            func save(_ token: Data) {
                var q = [String: Any]()
                q[kSecClass as String] = kSecClassGenericPassword
                q[kSecAttrService as String] = "com.example.token"
                q[kSecAttrAccount as String] = "me"
                q[kSecValueData as String] = token
                q[kSecUseDataProtectionKeychain as String] = true
                SecItemAdd(q as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func load() {
                SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example.token",
                                     kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, note: "A query may name only part of the key."),
            RuleExample("""
            func save(_ token: Data, account: String) {
                let base: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example"]
                let q = base.merging([kSecAttrAccount as String: account, kSecValueData as String: token,
                                      kSecUseDataProtectionKeychain as String: true]) { $1 }
                SecItemAdd(q as CFDictionary, nil)
            }
            """),
            RuleExample("""
            enum Login { case app(account: String), web(account: String, server: String) }
            func save(_ login: Login, _ secret: Data) {
                var q: [String: Any]
                switch login {
                case let .app(account):
                    q = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example", kSecAttrAccount as String: account]
                case let .web(account, server):
                    q = [kSecClass as String: kSecClassInternetPassword, kSecAttrAccount as String: account, kSecAttrServer as String: server]
                }
                q[kSecValueData as String] = secret
                q[kSecUseDataProtectionKeychain as String] = true
                _ = SecItemAdd(q as CFDictionary, nil)
            }
            """, note: "The internet password needs no service; the generic password's arm has both."),
        ]
    )

    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        for use in file.uses(ofClass: "kSecClassGenericPassword") where use.role == .query && use.effectiveOperation == .add {
            let missing = ["kSecAttrService", "kSecAttrAccount"].filter { use.dictionary.lacks($0) }
            guard !missing.isEmpty else { continue }
            findings.report(missingIn: use, "Generic password added without \(missing.joined(separator: " and ")); the empty default collides with the next add. Set both kSecAttrService and kSecAttrAccount.")
        }
    }
}
