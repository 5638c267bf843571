import KeychainLintModel
import KeychainLintSyntax

/// In code, an access group is the full `TEAMID.group` string; the `$(…)` variables exist only in entitlements.
struct AccessGroupTeamID: Rule {
    static let description = RuleDescription(
        id: "access-group-team-id",
        defaultSeverity: .error,
        summary: "A kSecAttrAccessGroup that starts with neither a Team ID nor `group.`, or $(AppIdentifierPrefix) in Swift code.",
        rationale: """
        Keychain access groups are checked against the app's entitlements, where Xcode expands \
        $(AppIdentifierPrefix) to the Team ID. Code gets no such expansion: a group written without the \
        10-character Team ID prefix (or an app group's `group.` prefix), or with a literal \
        $(AppIdentifierPrefix), names no group the app is entitled to, and the call fails with \
        errSecMissingEntitlement (-34018).
        """,
        howToFix: """
        Write the full group, TEAMID.com.example.shared (read the prefix from Info.plist or a constant), \
        or use an app group that starts with `group.`.
        """,
        triggering: [
            RuleExample("""
            func save(_ data: Data) {
                let query: [String: Any] = [
                    kSecClass as String: kSecClassGenericPassword,
                    kSecAttrService as String: "com.example.sync",
                    kSecAttrAccount as String: "main",
                    ↓kSecAttrAccessGroup as String: "com.example.SharedItems",
                    kSecValueData as String: data,
                    kSecUseDataProtectionKeychain as String: true,
                ]
                SecItemAdd(query as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func find() {
                var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecUseDataProtectionKeychain as String: true]
                q[kSecAttrService as String] = "com.example.sync"
                q[kSecAttrAccessGroup as String] = ↓"$(AppIdentifierPrefix)com.example.SharedItems"
                SecItemCopyMatching(q as CFDictionary, nil)
            }
            """, note: "Build variables are not expanded in code: reported at the string."),
            RuleExample("""
            enum Shared {
                static let group = ↓"$(TeamIdentifierPrefix)com.example.shared"
            }
            """, note: "Anywhere in code, not only as a dictionary value."),
            RuleExample("""
            enum Shared { static let group = "abcde12345.com.example.shared" }
            func remove() {
                SecItemDelete([kSecClass: kSecClassGenericPassword, ↓kSecAttrAccessGroup: Shared.group,
                               kSecUseDataProtectionKeychain: true] as CFDictionary)
            }
            """, note: "Team IDs are upper case; a constant is resolved."),
            RuleExample("""
            func find(_ suffix: String) {
                var q = [String: Any]()
                q[kSecClass as String] = kSecClassGenericPassword
                q.updateValue("com.example.\\(suffix)", forKey: ↓kSecAttrAccessGroup as String)
                q[kSecUseDataProtectionKeychain as String] = true
                SecItemCopyMatching(q as CFDictionary, nil)
            }
            """, note: "The known start already rules out both forms."),
            RuleExample("""
            let accessGroup = "com.example.SharedItems"
            func save(_ password: Data) {
                let addQuery: [String: Any] = [
                    kSecClass as String:            kSecClassGenericPassword,
                    kSecAttrService as String:      "com.example.authService",
                    kSecAttrAccount as String:      "user@example.com",
                    ↓kSecAttrAccessGroup as String:  accessGroup,
                    kSecValueData as String:        password
                ]
                SecItemAdd(addQuery as CFDictionary, nil)
            }
            """, note: "A group without the Team ID, passed through a constant."),
            RuleExample("""
            func find() {
                var q: [String: Any] = [String(kSecClass): kSecClassGenericPassword]
                #if os(iOS)
                q[↓String(kSecAttrAccessGroup)] = "shared.com.example"
                #endif
                SecItemCopyMatching(q as CFDictionary, nil)
            }
            """),
            RuleExample("""
            let fallbackGroup = ↓\"""
                $(AppIdentifierPrefix)com.example.shared
                \"""
            """, note: "A multi-line literal."),
        ] + wrapperTriggering,
        nonTriggering: [
            RuleExample("""
            func save(_ data: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example.sync", kSecAttrAccount: "main",
                            kSecAttrAccessGroup: "ABCDE12345.com.example.SharedItems", kSecValueData: data,
                            kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func save(_ data: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrAccessGroup: "group.com.example.shared",
                            kSecValueData: data, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, platforms: .iOS, note: "App groups start with `group.`."),
            RuleExample("""
            func smartCardKeys() {
                SecItemCopyMatching([kSecClass: kSecClassKey, kSecAttrKeyType: kSecAttrKeyTypeECSECPrimeRandom,
                                     kSecAttrAccessGroup: "com.apple.token", kSecMatchLimit: kSecMatchLimitAll,
                                     kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, note: "com.apple.token (kSecAttrAccessGroupToken) is the group of the items smart cards provide."),
            RuleExample("""
            enum Team { static let id = "ABCDE12345" }
            let sharedGroup = "\\(Team.id).com.example.shared"
            func find() {
                SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecAttrAccessGroup: sharedGroup,
                                     kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, note: "A Team ID reached through constants.", excludeFromDocumentation: true),
            RuleExample("""
            func find(teamID: String) {
                var q = [String: Any]()
                q[kSecClass as String] = kSecClassGenericPassword
                q[kSecAttrAccessGroup as String] = "\\(teamID).com.example.shared"
                q[kSecUseDataProtectionKeychain as String] = true
                SecItemCopyMatching(q as CFDictionary, nil)
            }
            """, note: "An unknown prefix never fires on its own."),
            RuleExample("""
            func find() {
                let prefix = Bundle.main.object(forInfoDictionaryKey: "AppIdentifierPrefix") as? String ?? ""
                SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecAttrAccessGroup: prefix + "com.example.shared",
                                     kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """),
            RuleExample("""
            /// In the entitlements file write $(AppIdentifierPrefix)com.example.shared.
            let help = "Entitlements expand $(AppIdentifierPrefix); code must spell the Team ID."
            """, note: "Comments, and prose that mentions the variable, are not access groups."),
            RuleExample("""
            let teamID = "SKMME9E2Y8"
            let accessGroup = "\\(teamID).com.example.SharedItems"
            func read() {
                let readQuery: [String: Any] = [
                    kSecClass as String:            kSecClassGenericPassword,
                    kSecAttrService as String:      "com.example.authService",
                    kSecAttrAccount as String:      "user@example.com",
                    kSecAttrAccessGroup as String:  accessGroup,
                    kSecReturnData as String:       true
                ]
                var result: AnyObject?
                SecItemCopyMatching(readQuery as CFDictionary, &result)
            }
            """, note: "The Team ID interpolated from a constant: the group is complete.", excludeFromDocumentation: true),
            RuleExample("""
            func find(shared: Bool) {
                SecItemCopyMatching([kSecClass: kSecClassGenericPassword,
                                     kSecAttrAccessGroup: shared ? "ABCDE12345.com.example.shared" : "com.example.private",
                                     kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, note: "A ternary is unknown.", excludeFromDocumentation: true),
        ] + wrapperNonTriggering,
        // The build variables whole, not a part they share: `$` is rarer in code than the `I` of
        // `IdentifierPrefix)`, and the prefilter stops at each occurrence of a needle's first byte.
        requiredLiterals: ["kSec", WrapperLibrary.prefilterLiteral] + AccessGroup.buildVariables
    )

    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        for use in file.uses {
            use.dictionary.forEachItemEntry("kSecAttrAccessGroup") { entry in
                guard let value = entry.value.stringValue, !value.knownPartsContain("$(") else { return }
                if !AccessGroup.canBeValid(prefix: value.knownPrefix, isComplete: value.isComplete) {
                    findings.report(at: entry.keyOffset, "Access group has no Team ID prefix; the call fails with errSecMissingEntitlement. Write the full TEAMID.group identifier, or an app group that starts with `group.`.")
                }
            }
        }
        for use in file.wrapperUses {
            guard let group = use.first("kSecAttrAccessGroup"), let value = group.value.stringValue,
                  !value.knownPartsContain("$("), !AccessGroup.canBeValid(prefix: value.knownPrefix, isComplete: value.isComplete) else { continue }
            findings.report(at: group.keyOffset, "\(use.library.module) access group has no Team ID prefix; every keychain call fails with errSecMissingEntitlement. Write the full TEAMID.group identifier, or an app group that starts with `group.`.")
        }
        reportBuildVariables(in: file, into: &findings)
    }
}
