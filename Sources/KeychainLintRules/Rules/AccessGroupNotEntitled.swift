import KeychainLintSyntax
import KeychainLintModel

/// A group the app's entitlements do not list is a group the app cannot use.
struct AccessGroupNotEntitled: Rule {
    static let description = RuleDescription(
        id: "access-group-not-entitled",
        defaultSeverity: .warning,
        summary: "An access group used in code that no entitlements file of the project lists.",
        rationale: """
        A keychain call may name only the groups in the app's keychain-access-groups or \
        application-groups entitlements. Any other group fails with errSecMissingEntitlement (-34018), \
        which often shows only in a signed build, not in the simulator. An entitlement written with \
        build settings, $(AppIdentifierPrefix)$(SHARED_GROUP), stands for every value the project's \
        .xcconfig files and project.pbxproj define; a setting the project does not define could be \
        anything, so such an entry is taken to grant any group (no rule fires on an unknown value).
        """,
        howToFix: "Add the group to the target's .entitlements file (as $(AppIdentifierPrefix)rest for keychain groups), or fix the group in code.",
        triggering: [
            RuleExample("""
            func save(_ token: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example", kSecAttrAccount: "me",
                            ↓kSecAttrAccessGroup: "ABCDE12345.com.example.other", kSecValueData: token,
                            kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, entitlements: Self.plist),
            RuleExample("""
            enum Groups { static let widget = "group.com.example.widget" }
            func load() {
                var q = [String: Any]()
                q[kSecClass as String] = kSecClassGenericPassword
                q[↓kSecAttrAccessGroup as String] = Groups.widget
                q[kSecUseDataProtectionKeychain as String] = true
                SecItemCopyMatching(q as CFDictionary, nil)
            }
            """, platforms: .iOS, entitlements: Self.plist),
        ],
        nonTriggering: [
            RuleExample("""
            func save(_ token: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrAccessGroup: "ABCDE12345.com.example.shared",
                            kSecValueData: token, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, entitlements: Self.plist, note: "$(AppIdentifierPrefix) stands for any Team ID."),
            RuleExample("""
            func load() {
                SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecAttrAccessGroup: "group.com.example.shared",
                                     kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, platforms: .iOS, entitlements: Self.plist, note: "An app group from com.apple.security.application-groups."),
            RuleExample("""
            func save(_ token: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrAccessGroup: "ABCDE12345.com.example.other",
                            kSecValueData: token, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, note: "No entitlements file in the project: nothing to compare with."),
            RuleExample("""
            func save(_ token: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrAccessGroup: "ABCDE12345.com.example.other",
                            kSecValueData: token, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, entitlements: Self.plistWithSetting, note: "$(SHARED_GROUP) is defined nowhere in the project: it may be this group."),
        ]
    )

    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>keychain-access-groups</key>
            <array><string>$(AppIdentifierPrefix)com.example.shared</string></array>
            <key>com.apple.security.application-groups</key>
            <array><string>group.com.example.shared</string></array>
        </dict>
        </plist>
        """

    static let plistWithSetting = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>keychain-access-groups</key>
            <array><string>$(AppIdentifierPrefix)$(SHARED_GROUP)</string></array>
        </dict>
        </plist>
        """

    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        guard !file.entitlements.isEmpty else { return }
        for use in file.uses {
            use.dictionary.forEachItemEntry("kSecAttrAccessGroup") { entry in
                guard let group = entry.value.stringValue?.known,
                      AccessGroup.startsWithTeamID(group) || group.hasPrefix("group."),
                      !file.entitlements.contains(where: { $0.grants(group) }) else { return }
                findings.report(at: entry.keyOffset, "Access group \(group) is in no entitlements file; the call fails with errSecMissingEntitlement. Add it to the target's entitlements.")
            }
        }
    }
}
