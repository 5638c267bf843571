import KeychainLintModel

/// In entitlements, a keychain access group must carry the Team ID, usually through the build variable.
struct EntitlementAccessGroupPrefix: Rule {
    static let description = RuleDescription(
        id: "entitlement-access-group-prefix",
        defaultSeverity: .error,
        summary: "A keychain-access-groups entry that starts with neither $(AppIdentifierPrefix), $(TeamIdentifierPrefix) nor a Team ID.",
        rationale: """
        The system prefixes every keychain access group with the Team ID; an entitlement without it \
        names a group the provisioning profile does not allow. The app fails to install or launch with \
        an entitlements error, or its keychain calls fail with errSecMissingEntitlement (-34018). \
        An entry that starts with another build setting, $(CFG_KEYCHAIN_GROUP), is judged by what the \
        project's .xcconfig files and project.pbxproj define it as, every definition found: one that \
        does not start with the Team ID is reported, naming the setting, its value and where it is \
        defined. A setting the project does not define is an unknown value, and no rule fires on an \
        unknown value; the exception is a setting Xcode defines that never starts with a Team ID, \
        such as $(PRODUCT_BUNDLE_IDENTIFIER), which is reported as written.
        """,
        howToFix: """
        Write $(AppIdentifierPrefix)com.example.shared in the entitlements file; Xcode expands it to TEAMID. \
        When the entry is a build setting, start the setting's value with $(AppIdentifierPrefix) or the Team ID.
        """,
        triggering: [
            RuleExample.entitlementsFile("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
                <key>keychain-access-groups</key>
                <array>
                    <string>$(AppIdentifierPrefix)com.example.app</string>
                    <string>↓com.example.shared</string>
                </array>
            </dict>
            </plist>
            """),
            RuleExample.entitlementsFile("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>keychain-access-groups</key>
                <array><string>↓group.com.example.shared</string></array>
            </dict>
            </plist>
            """, note: "App groups are not keychain access groups in this entitlement."),
            RuleExample.entitlementsFile("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>keychain-access-groups</key>
                <array><string>↓$(PRODUCT_BUNDLE_IDENTIFIER)</string></array>
            </dict>
            </plist>
            """, note: "A bundle identifier never starts with a Team ID."),
        ],
        nonTriggering: [
            RuleExample.entitlementsFile("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>keychain-access-groups</key>
                <array>
                    <string>$(AppIdentifierPrefix)com.example.shared</string>
                    <string>$(TeamIdentifierPrefix)com.example.team</string>
                    <string>ABCDE12345.com.example.legacy</string>
                    <string>com.apple.token</string>
                </array>
                <key>com.apple.security.application-groups</key>
                <array><string>group.com.example.shared</string></array>
            </dict>
            </plist>
            """, note: "com.apple.token (kSecAttrAccessGroupToken), the group of smart-card items, has no Team ID."),
            RuleExample.entitlementsFile("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>keychain-access-groups</key>
                <array><string>$(CFG_KEYCHAIN_GROUP)</string></array>
            </dict>
            </plist>
            """, note: "A setting the project does not define (or defines as TEAMID.rest) is not reported."),
        ],
        requiredLiterals: []  // it reads entitlements files only: no Swift file needs tokenizing for it
    )

    func check(_ file: KeychainFile, into findings: inout FindingCollector) {}

    func check(entitlements file: EntitlementsFile, into findings: inout FindingCollector) {
        for group in file.keychainAccessGroups {
            if let message = Self.problem(with: group) { findings.report(at: group.offset, message) }
        }
    }
}
