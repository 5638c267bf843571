import Foundation
import XCTest
import KeychainLintModel
import KeychainLintProject

/// A project's build settings (`ProjectBuildSettings`) and what an entitlements value stands for
/// through them (`BuildVariableExpander`).
final class BuildVariableExpanderTests: XCTestCase {
    /// Settings of in-memory files under `/P`: `xcconfigs` are read as configurations, every file can be included.
    private func settings(_ files: [String: String], xcconfigs: [String], pbxprojs: [String] = []) -> ProjectBuildSettings {
        ProjectBuildSettings.load(xcconfigs: xcconfigs.map { "/P/" + $0 }, pbxprojs: pbxprojs.map { "/P/" + $0 }, root: "/P") { path in
            files[String(path.dropFirst(3))].map { Array($0.utf8) }
        }
    }

    private func texts(_ value: String, _ settings: ProjectBuildSettings) -> [String] {
        BuildVariableExpander(settings: settings).expand(value).alternatives.map(\.text).sorted()
    }

    func testRecursiveExpansionNamesTheChainAndTheDefinition() {
        let project = settings(["Config.xcconfig": """
            CFG_RAW_GROUP_ID = group.com.example.app
            CFG_TEAM_ID = ABCDE12345
            CFG_KEYCHAIN_GROUP_ID = $(CFG_TEAM_ID).${CFG_RAW_GROUP_ID}
            """], xcconfigs: ["Config.xcconfig"])
        let expansion = BuildVariableExpander(settings: project).expand("$(CFG_KEYCHAIN_GROUP_ID)")
        XCTAssertEqual(expansion, BuildVariableExpansion(alternatives: [
            .init(text: "ABCDE12345.group.com.example.app", leadingVariables: ["CFG_KEYCHAIN_GROUP_ID", "CFG_TEAM_ID"],
                  definedAt: "Config.xcconfig:3"),
        ], isComplete: true))
    }

    func testIncludesAreReadInPlaceAndTheLastAssignmentWins() {
        let project = settings([
            "Configs/App.xcconfig": "#include \"Shared/Base.xcconfig\"\n#include? \"Secret.xcconfig\"\nGROUP = $(PREFIX).app\n",
            "Configs/Shared/Base.xcconfig": "PREFIX = com.example\nPREFIX = ZZZZZ99999.com.example\n",
        ], xcconfigs: ["Configs/App.xcconfig"])
        XCTAssertEqual(texts("$(GROUP)", project), ["ZZZZZ99999.com.example.app"])
        XCTAssertEqual(BuildVariableExpander(settings: project).expand("$(PREFIX)").alternatives.map(\.definedAt),
                       ["Configs/Shared/Base.xcconfig:2"])
    }

    /// Each file is a configuration of its own: its definitions are alternatives, and a reference
    /// means the value of the configuration it is written in.
    func testEachConfigurationKeepsItsOwnValues() {
        let project = settings([
            "Debug.xcconfig": "TEAM = com.debug\nGROUP = $(TEAM).shared\n",
            "Release.xcconfig": "TEAM = ABCDE12345\nGROUP = $(TEAM).shared\n",
        ], xcconfigs: ["Debug.xcconfig", "Release.xcconfig"])
        XCTAssertEqual(texts("$(GROUP)", project), ["ABCDE12345.shared", "com.debug.shared"])
        // A configuration without the setting reads it from any configuration.
        let other = settings(["A.xcconfig": "GROUP = $(TEAM).shared\n", "B.xcconfig": "TEAM = ABCDE12345\n"],
                             xcconfigs: ["A.xcconfig", "B.xcconfig"])
        XCTAssertEqual(texts("$(GROUP)", other), ["ABCDE12345.shared"])
    }

    /// A `[sdk=…]` definition's references take the same condition; an unconditional one's exclude the conditions it has siblings for.
    func testConditionalAssignmentsStayInTheirCondition() {
        let project = settings(["Ids.xcconfig": """
            GROUP = $(TeamIdentifierPrefix)group.$(BUNDLE_ID)
            GROUP[sdk=iphoneos*] = group.$(BUNDLE_ID)
            BUNDLE_ID = com.example.mac
            BUNDLE_ID[sdk=iphoneos*] = com.example.ios
            """], xcconfigs: ["Ids.xcconfig"])
        XCTAssertEqual(texts("$(GROUP)", project), ["$(TeamIdentifierPrefix)group.com.example.mac", "group.com.example.ios"])
        XCTAssertEqual(texts("$(BUNDLE_ID)", project), ["com.example.ios", "com.example.mac"])
    }

    func testInheritedIsTheEarlierValue() {
        let project = settings(["A.xcconfig": """
            #include "Base.xcconfig"
            SUFFIX = $(inherited).extra
            ALONE = $(inherited).x
            """, "Base.xcconfig": "SUFFIX = ABCDE12345.base\n"], xcconfigs: ["A.xcconfig"])
        XCTAssertEqual(texts("$(SUFFIX)", project), ["ABCDE12345.base.extra"])
        XCTAssertEqual(texts("$(ALONE)", project), ["$(inherited).x"])
    }

    func testWhatCannotBeResolvedStaysAsWritten() {
        let project = settings(["A.xcconfig": "NAME = $(PRODUCT_NAME:rfc1034identifier)\nLOOP = x.$(BACK)\nBACK = $(LOOP)\n"],
                               xcconfigs: ["A.xcconfig"])
        XCTAssertEqual(texts("$(UNDEFINED).group", project), ["$(UNDEFINED).group"])
        XCTAssertEqual(texts("$(AppIdentifierPrefix)$(NAME)", project), ["$(AppIdentifierPrefix)$(PRODUCT_NAME:rfc1034identifier)"])
        XCTAssertEqual(texts("$(LOOP)", project), ["x.$(LOOP)"])
        XCTAssertEqual(texts("$(A_$(B))", project), ["$(A_$(B))"])
        XCTAssertTrue(BuildVariableExpander(settings: project).expand("$(LOOP)").isComplete)
    }

    func testIncludeCyclesAndDepthAreCut() {
        var files = ["A.xcconfig": "#include \"B.xcconfig\"\nFROM_A = a\n", "B.xcconfig": "#include \"A.xcconfig\"\nFROM_B = b\n"]
        for level in 0..<40 { files["L\(level).xcconfig"] = "#include \"L\(level + 1).xcconfig\"\nV\(level) = \(level)\n" }
        let project = settings(files, xcconfigs: ["A.xcconfig", "L0.xcconfig"])
        XCTAssertEqual(texts("$(FROM_A)-$(FROM_B)", project), ["a-b"])
        XCTAssertEqual(texts("$(V16)", project), ["16"])
        XCTAssertEqual(texts("$(V17)", project), ["$(V17)"])
    }

    /// Files that include each other many times over (60^5 lines unbounded) stop at `maxIncludedLines`.
    func testIncludeFanOutIsBounded() {
        var files: [String: String] = [:]
        for level in 0..<6 {
            files["F\(level).xcconfig"] = "V\(level) = \(level)\n" + String(repeating: "#include \"F\(level + 1).xcconfig\"\n", count: 60)
        }
        let project = settings(files, xcconfigs: ["F0.xcconfig"])
        XCTAssertEqual(texts("$(V0)-$(V5)", project), ["0-5"])
    }

    func testChainsAndCombinationsAreBounded() {
        var chain = ""
        for level in 0..<30 { chain += "C\(level) = $(C\(level + 1))\n" }
        let deep = BuildVariableExpander(settings: settings(["A.xcconfig": chain + "C30 = end\n"], xcconfigs: ["A.xcconfig"])).expand("$(C0)")
        XCTAssertFalse(deep.isComplete)
        XCTAssertEqual(deep.alternatives.map(\.text), ["$(C16)"])

        var files: [String: String] = [:]
        for file in 0..<8 { files["F\(file).xcconfig"] = "X = x\(file)\nY = y\(file)\nZ = z\(file)\n" }
        let wide = BuildVariableExpander(settings: settings(files, xcconfigs: files.keys.sorted())).expand("$(X)$(Y)$(Z)")
        XCTAssertFalse(wide.isComplete)
        XCTAssertEqual(wide.alternatives.count, BuildVariableExpander.maxAlternatives)
    }

    func testPbxprojBlocksAreConfigurations() {
        let pbxproj = """
            buildSettings = { DEVELOPMENT_TEAM = ABCDE12345; "GROUP[sdk=macosx*]" = "$(DEVELOPMENT_TEAM).mac"; };
            buildSettings = { DEVELOPMENT_TEAM = ""; PRODUCT_BUNDLE_IDENTIFIER = com.example.app; };
            """
        let project = settings(["App.xcodeproj/project.pbxproj": pbxproj], xcconfigs: [], pbxprojs: ["App.xcodeproj/project.pbxproj"])
        XCTAssertEqual(texts("$(GROUP)", project), ["ABCDE12345.mac"])
        let bundle = BuildVariableExpander(settings: project).expand("$(PRODUCT_BUNDLE_IDENTIFIER)").alternatives
        XCTAssertEqual(bundle.map(\.definedAt), ["App.xcodeproj/project.pbxproj:2"])
    }

    func testUnreadableAndHostileFilesDefineNothing() {
        let project = settings(["Bad.xcconfig": "\u{0}\u{1}$($($(\n[[[ = \n#include \"Bad.xcconfig\"\nOK = fine\n"],
                               xcconfigs: ["Bad.xcconfig", "Missing.xcconfig"], pbxprojs: ["Missing.xcodeproj/project.pbxproj"])
        XCTAssertEqual(texts("$(OK)", project), ["fine"])
        XCTAssertEqual(ProjectBuildSettings.empty.configurations.count, 0)
    }

    /// On disk: the one walk finds `.xcconfig` files and `project.pbxproj` in `.xcodeproj` folders,
    /// skipping the folders every walk skips.
    func testLoadingAProjectRootFromDisk() throws {
        let root = (NSTemporaryDirectory() as NSString).appendingPathComponent("kl-xcconfig-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = [
            "Config/App.xcconfig": "TEAM = ABCDE12345\n",
            "App.xcodeproj/project.pbxproj": "buildSettings = { GROUP = \"$(TEAM).shared\"; };",
            "Pods/Target Support Files/Pods.xcconfig": "TEAM = com.pods\n",
            ".build/x.xcconfig": "TEAM = com.build\n",
        ]
        for (relative, text) in files {
            let path = root + "/" + relative
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let project = ProjectBuildSettings.load(projectRoot: root) { try? FileReader.read($0).get() }
        XCTAssertEqual(project.configurations.count, 2)
        XCTAssertEqual(texts("$(GROUP)", project), ["ABCDE12345.shared"])
    }
}
