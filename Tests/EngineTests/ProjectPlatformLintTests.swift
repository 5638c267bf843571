import XCTest
import KeychainLint
import KeychainLintTestSupport

/// A file's platforms decide which rules can fire in it: the macOS-only rule stays silent in a file
/// that only an iOS podspec builds, even when a macOS podspec sits in the same folder.
final class ProjectPlatformLintTests: XCTestCase {
    private var folder: ScratchFolder!
    private var root: String { folder.root }

    override func setUpWithError() throws {
        folder = try ScratchFolder("pods")
        // A Package.swift or .xcodeproj above the temporary folder would decide the platforms
        // instead of the podspecs laid out here: the folder must have no project file above it.
        let above = Requirement.projectFolder(above: root)
        try skipUnlessAvailable(above == nil, "a project file in \(above ?? "") decides the platforms in \(root)")
    }

    override func tearDown() {
        folder = nil
    }

    private func write(_ rel: String, _ text: String) {
        XCTAssertTrue(folder.write(rel, text))
    }

    private let deleteWithoutDataProtection = """
    import Security
    func remove() { SecItemDelete([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example.notes"] as CFDictionary) }

    """

    private func lint() throws -> [String] {
        let engine = try LintEngine(configuration: LintConfiguration(rules: ["missing-data-protection-keychain"], workingDirectory: root))
        let result = engine.lint(["."])
        XCTAssertEqual(result.problems, [])
        return result.findings.map { "\($0.path):\($0.line) \($0.ruleID)" }
    }

    func testTheMacOSOnlyRuleFiresOnlyInTheFileTheMacOSPodspecBuilds() throws {
        write("Kits/PhoneKit.podspec", "s.platform = :ios, '15.0'\ns.source_files = 'Sources/{Phone,Shared}/**/*.swift'")
        write("Kits/DeskKit.podspec", "s.osx.deployment_target = '12.0'\ns.source_files = 'Sources/Desk/**/*.swift'")
        write("Kits/Sources/Phone/A.swift", deleteWithoutDataProtection)
        write("Kits/Sources/Desk/B.swift", deleteWithoutDataProtection)
        XCTAssertEqual(try lint(), ["./Kits/Sources/Desk/B.swift:2 missing-data-protection-keychain"])
    }

    func testAFileNoPodspecBuildsGetsThePlatformsOfAllOfThem() throws {
        write("Kits/PhoneKit.podspec", "s.platform = :ios, '15.0'\ns.source_files = 'Sources/Phone/**/*.swift'")
        write("Kits/DeskKit.podspec", "s.osx.deployment_target = '12.0'\ns.source_files = 'Sources/Desk/**/*.swift'")
        write("Kits/Example/C.swift", deleteWithoutDataProtection)
        write("Kits/Sources/Phone/A.swift", deleteWithoutDataProtection)
        XCTAssertEqual(try lint(), ["./Kits/Example/C.swift:2 missing-data-protection-keychain"])
    }
}
