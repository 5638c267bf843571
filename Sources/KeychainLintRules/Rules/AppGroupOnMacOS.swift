import KeychainLintSyntax
import KeychainLintModel

/// On macOS an app group is not a keychain access group.
struct AppGroupOnMacOS: Rule {
    static let description = RuleDescription(
        id: "app-group-on-macos",
        defaultSeverity: .warning,
        summary: "A kSecAttrAccessGroup starting with `group.` in code that may run on macOS.",
        rationale: """
        On iOS an app group (`group.…`) can double as a keychain access group. On macOS it cannot: the \
        group is not in the app's keychain access groups, so the call fails with errSecMissingEntitlement \
        (-34018) or the item lands in another group than the one the extension reads.
        """,
        howToFix: "On macOS share items through a TEAMID.-prefixed keychain access group listed in keychain-access-groups; keep `group.` for #if os(iOS) code.",
        triggering: [
            RuleExample("""
            func save(_ token: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example", kSecAttrAccount: "t",
                            ↓kSecAttrAccessGroup: "group.com.example.shared", kSecValueData: token,
                            kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """),
            RuleExample("""
            enum Groups { static let shared = "group.com.example.shared" }
            func load() {
                var q = [String: Any]()
                q[kSecClass as String] = kSecClassGenericPassword
                q[↓kSecAttrAccessGroup as String] = Groups.shared
                q[kSecUseDataProtectionKeychain as String] = true
                SecItemCopyMatching(q as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func load() {
                SecItemCopyMatching([kSecClass: kSecClassGenericPassword, ↓kSecAttrAccessGroup: "group.com.example.shared",
                                     kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, platforms: [.iOS, .macOS]),
            RuleExample("""
            func load(_ base: [String: Any]) -> OSStatus {
                func attempt(withGroup: Bool) -> OSStatus {
                    var q = base
                    if withGroup { q[↓kSecAttrAccessGroup as String] = "group.com.example.shared" }
                    q[kSecUseDataProtectionKeychain as String] = true
                    return SecItemCopyMatching(q as CFDictionary, nil)
                }
                #if os(iOS)
                return attempt(withGroup: true)
                #else
                let status = attempt(withGroup: true)
                return status == errSecSuccess ? status : attempt(withGroup: false)
                #endif
            }
            """, platforms: [.iOS, .macOS], note: "The macOS build also passes true, first."),
        ],
        nonTriggering: [
            RuleExample("""
            func load() {
                SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecAttrAccessGroup: "group.com.example.shared"] as CFDictionary, nil)
            }
            """, platforms: .iOS, note: "An iOS-only project."),
            RuleExample("""
            func load() {
                #if os(iOS)
                let group = "group.com.example.shared"
                SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecAttrAccessGroup: group] as CFDictionary, nil)
                #endif
            }
            """, note: "Code that runs only on iOS."),
            RuleExample("""
            func load(_ base: [String: Any]) -> OSStatus {
                func attempt(withGroup: Bool) -> OSStatus {
                    var q = base
                    if withGroup { q[kSecAttrAccessGroup as String] = "group.com.example.shared" }
                    q[kSecUseDataProtectionKeychain as String] = true
                    return SecItemCopyMatching(q as CFDictionary, nil)
                }
                #if os(iOS)
                return attempt(withGroup: true)
                #else
                return attempt(withGroup: false)
                #endif
            }
            """, platforms: [.iOS, .macOS], note: "Only the iOS build passes true to the flag that adds the group."),
            RuleExample("""
            func load() {
                SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecAttrAccessGroup: "ABCDE12345.com.example.shared",
                                     kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func load(group: String) {
                SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecAttrAccessGroup: group,
                                     kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """),
        ]
    )

    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        for use in file.uses {
            if let call = use.call, !file.mayRunOnMacOS(call.region) { continue }
            use.dictionary.forEachItemEntry("kSecAttrAccessGroup") { entry in
                guard file.mayRunOnMacOS(entry.region), let value = entry.value.stringValue, value.knownPrefix.hasPrefix("group.") else { return }
                // Under `if flag` of a helper that only calls built for other platforms set.
                if let calls = file.regionsOfCallsTaking(entry), !calls.contains(where: file.mayRunOnMacOS) { return }
                findings.report(at: entry.keyOffset, "App group used as a keychain access group in code that may run on macOS, where it is not one; the call fails with errSecMissingEntitlement. Use a TEAMID.-prefixed keychain access group on macOS.")
            }
        }
    }
}
