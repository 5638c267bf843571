import XCTest
import KeychainLint
import KeychainLintTestSupport

/// A dictionary parameter is the caller's dictionary, whatever else of its name the project
/// declares: a function that forwards its `query` parameter is no caller of the function it
/// forwards to, with or without a `query` property in another file. (With one, the forward used to
/// be read as a call without the flag only when no such property existed, and the shared missing
/// entry moved from the operation to each caller depending on unrelated code.)
final class ParameterShadowingTests: XCTestCase {
    private let helpers = """
    import Security
    func wipeCache(_ query: [String: Any]) -> OSStatus { wipeMatching(query) }
    func wipeMatching(_ query: [String: Any]) -> OSStatus {
        SecItemDelete(query as CFDictionary)
    }
    func clearThumbnails() -> OSStatus { wipeCache([kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "t"]) }
    func clearOriginals() -> OSStatus { wipeCache([kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "o"]) }
    """

    private func findings(withQueryPropertyElsewhere: Bool) throws -> [String] {
        let folder = try ScratchFolder("parameter-shadowing")
        XCTAssertTrue(folder.write("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", platforms: [.macOS(.v13)])\n"))
        XCTAssertTrue(folder.write("Sources/P/Wipe.swift", helpers))
        if withQueryPropertyElsewhere {
            XCTAssertTrue(folder.write("Sources/P/Item.swift", """
            import Security
            struct Item { var query: [String: Any] { [kSecClass as String: kSecClassGenericPassword, kSecUseDataProtectionKeychain as String: true] } }
            """))
        }
        let engine = try LintEngine(configuration: LintConfiguration(rules: ["missing-data-protection-keychain"], workingDirectory: folder.root))
        return engine.lint(["."]).findings.filter { $0.path.hasSuffix("Wipe.swift") }.map { "\($0.line):\($0.column)" }
    }

    /// The two functions hand the status back (SecItemDelete under other names), so each call
    /// that misses the flag is reported where its dictionary is built, with or without the property.
    func testTheMissingFlagIsReportedAtTheSameCallsEitherWay() throws {
        XCTAssertEqual(try findings(withQueryPropertyElsewhere: false), ["6:48", "7:47"])
        XCTAssertEqual(try findings(withQueryPropertyElsewhere: true), ["6:48", "7:47"])
    }
}
