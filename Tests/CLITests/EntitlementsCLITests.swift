import Foundation
import XCTest
import KeychainLint
import KeychainLintCLI

/// Entitlements through the CLI: context from the project root, findings only inside linted paths.
final class EntitlementsCLITests: XCTestCase {
    private var root: String!

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "kl-entitlements-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/App/Sources", withIntermediateDirectories: true)
        try "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\", platforms: [.iOS(.v16)])\n"
            .write(toFile: root + "/App/Package.swift", atomically: true, encoding: .utf8)
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>keychain-access-groups</key>
        <array><string>$(AppIdentifierPrefix)com.example.shared</string><string>bad.group</string></array>
        </dict></plist>
        """.write(toFile: root + "/App/App.entitlements", atomically: true, encoding: .utf8)
        try """
        func f() {
            SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecAttrAccessGroup: "ABCDE12345.com.example.other"] as CFDictionary, nil)
        }
        """.write(toFile: root + "/App/Sources/A.swift", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    private func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        let out = BufferSink(), err = BufferSink()
        let code = CommandLineTool.run(arguments: arguments, rules: Linter.defaultRules, workingDirectory: root, stdout: out, stderr: err)
        return (code, out.text, err.text)
    }

    func testASingleFileSeesItsProjectsEntitlementsButTheirFindingsStayOut() {
        let r = run(["App/Sources/A.swift"])
        XCTAssertTrue(r.out.contains("App/Sources/A.swift:2:63: warning: ") && r.out.contains("[access-group-not-entitled]"), r.out)
        XCTAssertFalse(r.out.contains("App.entitlements"), "the plist is context only when not linted")
    }

    func testLintingTheProjectReportsThePlistAtItsLine() {
        let r = run(["App"])
        XCTAssertTrue(r.out.contains("App/App.entitlements:4:73: error: ") && r.out.contains("[entitlement-access-group-prefix]"), r.out)
        XCTAssertEqual(r.code, 1)
        XCTAssertTrue(r.err.contains("Linted 3 files"), r.err)  // Package.swift, A.swift, App.entitlements
    }

    /// A group written as a build setting is judged by the project's definition of it, named with its file and line.
    func testABuildSettingIsJudgedByItsDefinition() throws {
        try FileManager.default.createDirectory(atPath: root + "/App/Config", withIntermediateDirectories: true)
        try "GROUP_TEAM = ABCDE12345\nGOOD = $(GROUP_TEAM).com.example.good\nBARE = com.example.bare\n"
            .write(toFile: root + "/App/Config/App.xcconfig", atomically: false, encoding: .utf8)
        try "<plist version=\"1.0\"><dict><key>keychain-access-groups</key><array><string>$(GOOD)</string><string>$(BARE)</string>"
            .appending("<string>$(NOWHERE)</string></array></dict></plist>")
            .write(toFile: root + "/App/App.entitlements", atomically: true, encoding: .utf8)
        let r = run(["App"])
        XCTAssertEqual(r.out.split(separator: "\n").filter { $0.contains("App.entitlements") }, [
            "App/App.entitlements:1:100: error: Keychain access group $(BARE) expands to com.example.bare (Config/App.xcconfig:3), "
                + "without the Team ID prefix; the entitlement names a group the app is not allowed. "
                + "Start the setting's value with $(AppIdentifierPrefix) or the Team ID. [entitlement-access-group-prefix]",
        ], r.out)
        XCTAssertFalse(r.out.contains("access-group-not-entitled"), "$(NOWHERE) may be any group: \(r.out)")
    }

    func testAMalformedPlistIsAWarningNotACrash() throws {
        try "<plist><dict><key>keychain-access-groups</key><array><string>x".write(toFile: root + "/App/App.entitlements", atomically: true, encoding: .utf8)
        let r = run(["App"])
        XCTAssertTrue(r.err.contains("keychain-lint: warning: skipping App/App.entitlements: not a valid property list"), r.err)
        XCTAssertFalse(r.out.contains("access-group-not-entitled"), "no readable entitlements: nothing to compare with")
    }

    /// Foundation's OpenStep fallback prints its own complaints to stderr for some text; such a
    /// file is refused before Foundation sees it, with the tool's one warning line only.
    func testAnOpenStepOrTextPlistIsRefusedWithOneWarningLine() throws {
        try "{ keychain-access-groups = ( \"x\" ) missing semicolon".write(toFile: root + "/App/App.entitlements", atomically: true, encoding: .utf8)
        let r = run(["App"])
        let warnings = r.err.split(separator: "\n").filter { $0.contains("App.entitlements") }
        XCTAssertEqual(warnings, ["keychain-lint: warning: skipping App/App.entitlements: not a valid property list (not an XML or binary property list)"], r.err)
        XCTAssertFalse(r.err.contains("Old-style"), r.err)
    }
}
