import XCTest
@testable import KeychainLintProject

/// The project readers' answers about command-line tools: a manifest's executable targets' folders
/// and whether an Xcode project builds tools only.
final class CommandLineToolReaderTests: XCTestCase {
    func testExecutableTargetFoldersAreTheirPathOrSourcesSlashName() {
        let manifest = """
        let package = Package(name: "p", targets: [
            .executableTarget(name: "cli", dependencies: [.target(name: "Core")]),
            .executableTarget(name: "gen", path: "Tools/gen", exclude: ["README.md"]),
            .target(name: "Core", path: "Sources/Core"),
            // .executableTarget(name: "commented"),
            .executableTarget(name: "raw\\(suffix)"),
            .testTarget(name: "CoreTests"),
        ])
        """
        XCTAssertEqual(PackageManifestReader.executableTargetFolders(manifest: manifest), ["Sources/cli", "Tools/gen"],
                       "an interpolated name has no known folder; a comment is no target")
        XCTAssertEqual(PackageManifestReader.executableTargetFolders(manifest: "let package = Package(name: \"p\")"), [])
    }

    func testOnlyToolTargetsWithoutEntitlementsMakeAToolProject() {
        let tool = "T = { isa = PBXNativeTarget; productType = \"com.apple.product-type.tool\"; };"
        let app = "A = { isa = PBXNativeTarget; productType = \"com.apple.product-type.application\"; };"
        XCTAssertTrue(XcodeProjectReader.buildsOnlyCommandLineTools(pbxproj: tool))
        XCTAssertTrue(XcodeProjectReader.buildsOnlyCommandLineTools(pbxproj: tool + " CODE_SIGN_ENTITLEMENTS = \"\";"))
        XCTAssertFalse(XcodeProjectReader.buildsOnlyCommandLineTools(pbxproj: tool + app))
        XCTAssertFalse(XcodeProjectReader.buildsOnlyCommandLineTools(pbxproj: tool + " CODE_SIGN_ENTITLEMENTS = T/T.entitlements;"))
        XCTAssertFalse(XcodeProjectReader.buildsOnlyCommandLineTools(pbxproj: tool + " \"CODE_SIGN_ENTITLEMENTS[sdk=macosx*]\" = T.entitlements;"),
                       "a conditional setting counts")
        XCTAssertFalse(XcodeProjectReader.buildsOnlyCommandLineTools(pbxproj: "// no targets"))
    }
}
