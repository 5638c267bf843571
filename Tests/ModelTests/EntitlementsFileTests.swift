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
}
