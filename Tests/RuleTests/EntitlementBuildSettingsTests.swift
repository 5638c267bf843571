import XCTest
import KeychainLint
import KeychainLintModel
import KeychainLintRules

/// Entitlements entries that start with a build setting, judged through what the project defines
/// (`EntitlementsFile.Group.expansion`, as the project reader fills it).
final class EntitlementBuildSettingsTests: XCTestCase {
    private typealias Alternative = BuildVariableExpansion.Alternative

    /// A plist whose keychain-access-groups is `entry`, expanded to `alternatives` (nil: not expanded).
    private func entitlements(_ entry: String, _ alternatives: [Alternative]?, complete: Bool = true) throws -> EntitlementsFile {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>keychain-access-groups</key><array><string>\(entry)</string></array>
            </dict></plist>
            """
        var file = try EntitlementsFile.parse(path: "App.entitlements", bytes: Array(plist.utf8)).get()
        file.keychainAccessGroups[0].expansion = alternatives.map { BuildVariableExpansion(alternatives: $0, isComplete: complete) }
        return file
    }

    private static func linter(_ id: String) throws -> Linter {
        let rule = try XCTUnwrap(RuleRegistry.rule(id: id))
        return Linter(rules: [ActiveRule(rule: rule.init(), severity: rule.description.severityWhenEnabled)])
    }

    private func prefixMessages(_ entry: String, _ alternatives: [Alternative]?) throws -> [String] {
        let linter = try Self.linter("entitlement-access-group-prefix")
        return linter.lint(entitlements: try entitlements(entry, alternatives)).map(\.message)
    }

    func testAVariableResolvedToATeamIDIsFine() throws {
        let resolved = Alternative(text: "ABCDE12345.group.com.example", leadingVariables: ["CFG_GROUP", "CFG_TEAM_ID"], definedAt: "Config.xcconfig:26")
        XCTAssertEqual(try prefixMessages("$(CFG_GROUP)", [resolved]), [])
        let prefixed = Alternative(text: "$(AppIdentifierPrefix)com.example", leadingVariables: ["CFG_GROUP"], definedAt: "Config.xcconfig:2")
        XCTAssertEqual(try prefixMessages("${CFG_GROUP}", [prefixed]), [])
    }

    func testAVariableResolvedToABareIDNamesItsValueAndDefinition() throws {
        let good = Alternative(text: "ABCDE12345.com.example.shared", leadingVariables: ["CFG_GROUP"], definedAt: "Release.xcconfig:3")
        let bare = Alternative(text: "com.example.shared", leadingVariables: ["CFG_GROUP"], definedAt: "Debug.xcconfig:3")
        XCTAssertEqual(try prefixMessages("$(CFG_GROUP)", [good, bare]), [
            "Keychain access group $(CFG_GROUP) expands to com.example.shared (Debug.xcconfig:3), without the Team ID prefix; "
                + "the entitlement names a group the app is not allowed. Start the setting's value with $(AppIdentifierPrefix) or the Team ID.",
        ])
        let empty = Alternative(text: "", leadingVariables: ["CFG_GROUP"], definedAt: "A.xcconfig:1")
        XCTAssertEqual(try prefixMessages("$(CFG_GROUP)", [empty]).first?.contains("expands to an empty value (A.xcconfig:1)"), true)
    }

    /// No rule fires on an unknown value: a setting the project does not define.
    func testAnUnresolvedSettingIsUnknown() throws {
        XCTAssertEqual(try prefixMessages("$(CFG_GROUP)", [Alternative(text: "$(CFG_GROUP)")]), [])
        XCTAssertEqual(try prefixMessages("$(CFG_GROUP)", nil), [])
        let partly = Alternative(text: "$(CFG_TEAM).shared", leadingVariables: ["CFG_GROUP"], definedAt: "A.xcconfig:1")
        XCTAssertEqual(try prefixMessages("$(CFG_GROUP)", [partly]), [])
    }

    /// A setting Xcode defines that never holds a Team ID is wrong, defined by the project or not,
    /// unless the project's own definition starts with one.
    func testSettingsThatNeverHoldATeamID() throws {
        let plain = "Keychain access group without the Team ID prefix; the entitlement names a group the app is not allowed. "
            + "Write $(AppIdentifierPrefix)$(PRODUCT_BUNDLE_IDENTIFIER)."
        XCTAssertEqual(try prefixMessages("$(PRODUCT_BUNDLE_IDENTIFIER)", nil), [plain])
        XCTAssertEqual(try prefixMessages("$(PRODUCT_BUNDLE_IDENTIFIER)", [Alternative(text: "$(PRODUCT_BUNDLE_IDENTIFIER)")]), [plain])
        let throughUnknown = Alternative(text: "$(CFG_APP_ID)", leadingVariables: ["PRODUCT_BUNDLE_IDENTIFIER"], definedAt: "App.xcodeproj/project.pbxproj:40")
        XCTAssertEqual(try prefixMessages("$(PRODUCT_BUNDLE_IDENTIFIER)", [throughUnknown]).count, 1)
        let viaUserSetting = Alternative(text: "$(PRODUCT_NAME:rfc1034identifier)", leadingVariables: ["CFG_GROUP"], definedAt: "A.xcconfig:1")
        XCTAssertEqual(try prefixMessages("$(CFG_GROUP)", [viaUserSetting]).count, 1)
        let teamPrefixed = Alternative(text: "ABCDE12345.com.example", leadingVariables: ["PRODUCT_BUNDLE_IDENTIFIER"], definedAt: "A.xcconfig:1")
        XCTAssertEqual(try prefixMessages("$(PRODUCT_BUNDLE_IDENTIFIER)", [teamPrefixed]), [])
    }

    /// `access-group-not-entitled` compares code with what an entry expands to.
    func testCodeGroupsAreComparedWithExpansions() throws {
        let linter = try Self.linter("access-group-not-entitled")
        let code = """
            func save(_ token: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrAccessGroup: "ABCDE12345.com.example.shared",
                            kSecValueData: token, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """
        func findings(_ alternatives: [Alternative]?, complete: Bool = true) throws -> Int {
            let context = try entitlements("$(KEYCHAIN_GROUP)", alternatives, complete: complete)
            return linter.lint(path: "A.swift", bytes: Array(code.utf8), platforms: .all, entitlements: [context]).count
        }
        XCTAssertEqual(try findings([Alternative(text: "$(AppIdentifierPrefix)com.example.shared", leadingVariables: ["KEYCHAIN_GROUP"])]), 0)
        XCTAssertEqual(try findings([Alternative(text: "ABCDE12345.com.example.other", leadingVariables: ["KEYCHAIN_GROUP"])]), 1)
        XCTAssertEqual(try findings([Alternative(text: "ABCDE12345.com.example.other", leadingVariables: ["KEYCHAIN_GROUP"])], complete: false), 0)
        XCTAssertEqual(try findings([Alternative(text: "$(KEYCHAIN_GROUP)")]), 0)
    }
}
