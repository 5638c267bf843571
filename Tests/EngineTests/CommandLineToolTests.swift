import XCTest
import KeychainLint
import KeychainLintTestSupport

/// A plain command-line tool cannot be signed with a provisioning profile, so it cannot use the
/// data protection keychain: there `missing-data-protection-keychain` says so and offers no fix.
/// Which files are such a tool is read from the project: a SwiftPM `executableTarget`'s folder, or
/// an Xcode project of tool targets only, in either case with no entitlements file.
final class CommandLineToolTests: XCTestCase {
    private var folder: ScratchFolder!

    override func setUpWithError() throws { folder = try ScratchFolder("tool") }
    override func tearDown() { folder = nil }

    private let addWithoutFlag = """
    import Security
    func save(_ d: Data) -> OSStatus { SecItemAdd([kSecClass: kSecClassGenericPassword, kSecValueData: d] as CFDictionary, nil) }

    """

    private let manifest = """
    // swift-tools-version:5.9
    import PackageDescription
    let package = Package(name: "demo", platforms: [.macOS(.v13)], targets: [
        .target(name: "Kit"),
        .executableTarget(name: "demo", dependencies: ["Kit"]),
        .executableTarget(name: "gen", path: "Tools/Generator"),
    ])

    """

    /// `path:line tool|app fix|nofix` for each finding.
    private func lint() throws -> [String] {
        let engine = try LintEngine(configuration: LintConfiguration(rules: ["missing-data-protection-keychain"], workingDirectory: folder.root))
        let result = engine.lint(["."])
        XCTAssertEqual(result.problems, [])
        return result.findings.map { finding in
            let tool = finding.message.contains("in a command-line tool") && finding.message.contains("provisioning profile")
            return "\(finding.path):\(finding.line) \(tool ? "tool" : "app") \(finding.fix == nil ? "nofix" : "fix")"
        }
    }

    func testAnExecutableTargetsFilesAreAToolAndALibrarysAreNot() throws {
        folder.write("Package.swift", manifest)
        folder.write("Sources/demo/main.swift", addWithoutFlag)
        folder.write("Sources/Kit/Store.swift", addWithoutFlag)
        folder.write("Tools/Generator/Gen.swift", addWithoutFlag)
        XCTAssertEqual(try lint(), ["./Sources/Kit/Store.swift:2 app fix", "./Sources/demo/main.swift:2 tool nofix",
                                    "./Tools/Generator/Gen.swift:2 tool nofix"])
    }

    func testAnEntitlementsFileInTheProjectMakesItNoPlainTool() throws {
        folder.write("Package.swift", manifest)
        folder.write("Sources/demo/main.swift", addWithoutFlag)
        folder.write("Sources/demo/demo.entitlements", """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>keychain-access-groups</key><array><string>$(AppIdentifierPrefix)demo</string></array></dict></plist>

        """)
        XCTAssertEqual(try lint(), ["./Sources/demo/main.swift:2 app fix"])
    }

    private func pbxproj(productTypes: [String], entitlements: String? = nil) -> String {
        var text = "// !$*UTF8*$!\n{\n objects = {\n"
        for (i, type) in productTypes.enumerated() {
            text += "  T\(i) = { isa = PBXNativeTarget; name = t\(i); productType = \"\(type)\"; };\n"
        }
        text += "  C0 = { isa = XCBuildConfiguration; buildSettings = { SDKROOT = macosx;"
        if let entitlements { text += " CODE_SIGN_ENTITLEMENTS = \(entitlements);" }
        return text + " }; };\n };\n}\n"
    }

    func testAnXcodeProjectOfToolTargetsOnlyIsATool() throws {
        folder.write("Tool.xcodeproj/project.pbxproj", pbxproj(productTypes: ["com.apple.product-type.tool"]))
        folder.write("Tool/main.swift", addWithoutFlag)
        XCTAssertEqual(try lint(), ["./Tool/main.swift:2 tool nofix"])
    }

    func testAnXcodeProjectWithAnAppOrSignedWithEntitlementsIsNot() throws {
        folder.write("Tool.xcodeproj/project.pbxproj", pbxproj(productTypes: ["com.apple.product-type.tool", "com.apple.product-type.application"]))
        folder.write("Tool/main.swift", addWithoutFlag)
        XCTAssertEqual(try lint(), ["./Tool/main.swift:2 app fix"])
        folder.write("Tool.xcodeproj/project.pbxproj", pbxproj(productTypes: ["com.apple.product-type.tool"], entitlements: "Tool/Tool.entitlements"))
        XCTAssertEqual(try lint(), ["./Tool/main.swift:2 app fix"], "a tool signed with entitlements has a provisioning profile")
    }
}
