import XCTest
@testable import KeychainLintModel

/// An entitlements entry and a group named in code: Xcode's build variables stand for any team ID.
final class EntitlementsFileTests: XCTestCase {
    func testBuildVariablesMatchAnyTeamID() {
        XCTAssertTrue(EntitlementsFile.entry("$(AppIdentifierPrefix)com.example.shared", matches: "ABCDE12345.com.example.shared"))
        XCTAssertTrue(EntitlementsFile.entry("$(TeamIdentifierPrefix)com.example.shared", matches: "ZZZZZ99999.com.example.shared"))
        XCTAssertFalse(EntitlementsFile.entry("$(AppIdentifierPrefix)com.example.shared", matches: "com.example.shared"))
        XCTAssertFalse(EntitlementsFile.entry("$(AppIdentifierPrefix)com.example.shared", matches: "ABCDE12345.com.example.other"))
        XCTAssertTrue(EntitlementsFile.entry("group.a", matches: "group.a"))
    }

    /// A setting nobody resolved may be any text; the team prefix variables only a Team ID and a dot.
    func testOtherSettingsMatchAnyText() {
        XCTAssertTrue(EntitlementsFile.entry("$(AppIdentifierPrefix)$(SHARED)", matches: "ABCDE12345.com.example.x"))
        XCTAssertFalse(EntitlementsFile.entry("$(AppIdentifierPrefix)$(SHARED)", matches: "group.com.example.x"))
        XCTAssertTrue(EntitlementsFile.entry("${TeamIdentifierPrefix}com.example.shared", matches: "ABCDE12345.com.example.shared"))
        XCTAssertTrue(EntitlementsFile.entry("group.$(APP_ID).shared", matches: "group.com.example.shared"))
        XCTAssertFalse(EntitlementsFile.entry("group.$(APP_ID).shared", matches: "group.com.example.other"))
        XCTAssertTrue(EntitlementsFile.entry("$(A)$(B)", matches: ""))
        XCTAssertFalse(EntitlementsFile.entry("com.example.$(", matches: "com.example.x"))
    }

    /// An entry's expansion decides what it grants; one cut short grants anything (unknown).
    func testAnExpandedEntryGrantsItsAlternatives() {
        var group = EntitlementsFile.Group(value: "$(KEYCHAIN_GROUP)", offset: 0)
        group.expansion = BuildVariableExpansion(alternatives: [.init(text: "ABCDE12345.com.example.shared")], isComplete: true)
        XCTAssertTrue(group.mayStandFor("ABCDE12345.com.example.shared"))
        XCTAssertFalse(group.mayStandFor("ABCDE12345.com.example.other"))
        group.expansion?.isComplete = false
        XCTAssertTrue(group.mayStandFor("ABCDE12345.com.example.other"))
        XCTAssertTrue(EntitlementsFile.Group(value: "$(KEYCHAIN_GROUP)", offset: 0).mayStandFor("ABCDE12345.com.example.other"))
    }

    func testBuildValueParts() {
        XCTAssertEqual(BuildValue.parts("$(A).${B}-$(C:lower)$(D_$(E))$($"), [
            .reference(raw: "$(A)", name: "A", modifier: nil), .literal("."),
            .reference(raw: "${B}", name: "B", modifier: nil), .literal("-"),
            .reference(raw: "$(C:lower)", name: "C", modifier: "lower"),
            .reference(raw: "$(D_$(E))", name: nil, modifier: nil), .literal("$($"),
        ])
        XCTAssertTrue(BuildValue.namesProjectSetting("group.$(APP_ID)"))
        XCTAssertFalse(BuildValue.namesProjectSetting("$(AppIdentifierPrefix)com.example"))
        XCTAssertFalse(BuildValue.namesProjectSetting("price $5"))
        XCTAssertEqual(BuildValue.leadingReference("${CFG}.x")?.name, "CFG")
        XCTAssertNil(BuildValue.leadingReference("x.$(CFG)"))
    }
}
