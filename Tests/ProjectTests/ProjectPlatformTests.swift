import Foundation
import XCTest
import KeychainLintProject
import KeychainLintSyntax
import KeychainLintTestSupport

final class ProjectPlatformTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        let base = (NSTemporaryDirectory() as NSString).appendingPathComponent("kl-platforms-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        root = base
    }

    override func tearDownWithError() throws {
        if !root.isEmpty { try? FileManager.default.removeItem(atPath: root) }
    }

    /// Writes `text` at `relative` under the temporary root, creating folders.
    private func write(_ relative: String, _ text: String) throws {
        let path = (root as NSString).appendingPathComponent(relative)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    private func file(_ relative: String) -> String { (root as NSString).appendingPathComponent(relative) }

    private func resolve(_ relative: String) -> PlatformSet {
        ProjectPlatformResolver().platforms(forFileAt: file(relative))
    }

    private func pbxproj(_ settings: [String]) -> String {
        """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            objects = {
        \(settings.enumerated().map { index, body in
            """
                    ABC\(index) /* Debug */ = {
                        isa = XCBuildConfiguration;
                        buildSettings = {
                            \(body)
                            PRODUCT_NAME = "$(TARGET_NAME)";
                        };
                        name = Debug;
                    };
            """
        }.joined(separator: "\n"))
            };
        }
        """
    }

    // MARK: Package.swift

    func testPackageWithIOSOnly() throws {
        try write("Pkg/Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(
            name: "Pkg",
            platforms: [.iOS(.v15)],
            targets: [.target(name: "Pkg")]
        )
        """)
        try write("Pkg/Sources/Pkg/A.swift", "")
        XCTAssertEqual(resolve("Pkg/Sources/Pkg/A.swift"), .iOS)
    }

    func testPackageWithIOSAndMacOS() throws {
        try write("Pkg/Package.swift", """
        let package = Package(
            name: "Pkg",
            platforms: [
                .iOS(.v15),
                .macOS(.v12), // desktop
            ],
            targets: [
                .target(name: "Pkg", swiftSettings: [.define("X", .when(platforms: [.tvOS, .watchOS]))]),
            ]
        )
        """)
        XCTAssertEqual(resolve("Pkg/Sources/Pkg/A.swift"), [.iOS, .macOS])
    }

    func testPackageWithoutPlatformsIsAll() throws {
        try write("Pkg/Package.swift", """
        let package = Package(
            name: "Pkg",
            // platforms: [.iOS(.v15)],
            targets: [.target(name: "Pkg", swiftSettings: [.define("IOS", .when(platforms: [.iOS]))])]
        )
        """)
        XCTAssertEqual(resolve("Pkg/Sources/Pkg/A.swift"), .all)
    }

    func testPackageManifestForms() {
        func platforms(_ text: String) -> PlatformSet { PackageManifestReader.platforms(manifest: text) }
        XCTAssertEqual(platforms(#"Package(name: "P", platforms: [.macOS("10.15"), .iOS("13.0")])"#), [.macOS, .iOS])
        XCTAssertEqual(platforms("Package(name: \"P\", platforms: [SupportedPlatform.iOS(.v13)])"), .iOS)
        XCTAssertEqual(platforms("Package(platforms:[.tvOS(.v15),.watchOS(.v8),.visionOS(.v1)])"), [.tvOS, .watchOS, .visionOS])
        XCTAssertEqual(platforms("Package(platforms: [.macCatalyst(.v15)])"), .iOS)
        XCTAssertEqual(platforms("Package(platforms: [/* .macOS(.v12), */ .iOS(.v15)])"), .iOS)
        XCTAssertEqual(platforms("Package(name: \"platforms: [.macOS]\", platforms: [.iOS(.v15)])"), .iOS)
        XCTAssertEqual(platforms("let package = Package(name: \"P\")\npackage.platforms = [.iOS(.v16)]"), .iOS)
        XCTAssertEqual(platforms("let platforms: [SupportedPlatform] = [.watchOS(.v9)]\nlet package = Package(platforms: platforms)"), .watchOS)
        XCTAssertEqual(platforms("Package(name: \"P\", platforms: [])"), .all)
        XCTAssertEqual(platforms(""), .all)
        XCTAssertEqual(platforms("Package(platforms: [.iOS(.v15)"), .iOS)  // unterminated: tolerated
    }

    /// The manifest is read with the linter's own lexer: string forms a partial lexer misreads
    /// (a quote inside a raw string, an interpolation holding a string, a regex literal) do not
    /// hide the list or invent one.
    func testPackageManifestStringsAreLexedAsSwift() {
        func platforms(_ text: String) -> PlatformSet { PackageManifestReader.platforms(manifest: text) }
        XCTAssertEqual(platforms(##"Package(name: #"a"b"#, platforms: [.iOS(.v15)])"##), .iOS)
        XCTAssertEqual(platforms(##"Package(name: #"x"#, platforms: [.tvOS(.v15)], swiftLanguageVersions: [.v5])"##), .tvOS)
        XCTAssertEqual(platforms("let n = \"\\(\"platforms: [.macOS]\")\"\nPackage(name: n, platforms: [.watchOS(.v9)])"), .watchOS)
        XCTAssertEqual(platforms("let r = /\"/\nPackage(name: \"P\", platforms: [.visionOS(.v1)])"), .visionOS)
        XCTAssertEqual(platforms("/* platforms: [.macOS] /* nested */ platforms: [.macOS] */ Package(platforms: [.iOS(.v15)])"), .iOS)
        XCTAssertEqual(platforms("Package(targets: [.target(name: \"A\", swiftSettings: [.define(\"X\", .when(platforms: [.macOS]))])])"), .all)
    }

    // MARK: Xcode projects

    func testXcodeprojIOSOnly() throws {
        try write("App/App.xcodeproj/project.pbxproj", pbxproj(["SDKROOT = iphoneos;"]))
        XCTAssertEqual(resolve("App/App/ViewController.swift"), .iOS)
        XCTAssertEqual(resolve("App/Root.swift"), .iOS)
    }

    func testXcodeprojWithMacTargetIsUnion() throws {
        try write("App/App.xcodeproj/project.pbxproj", pbxproj(["SDKROOT = iphoneos;", "SDKROOT = \"macosx\";"]))
        XCTAssertEqual(resolve("App/Shared/Keychain.swift"), [.iOS, .macOS])
    }

    func testSupportedPlatformsQuotedList() throws {
        try write("App/App.xcodeproj/project.pbxproj", pbxproj([
            "SDKROOT = auto;\n SUPPORTED_PLATFORMS = \"iphoneos iphonesimulator appletvos appletvsimulator\";",
        ]))
        XCTAssertEqual(resolve("App/A.swift"), [.iOS, .tvOS])
    }

    func testSupportsMacCatalystAloneDoesNotAddMacOS() throws {
        try write("App/App.xcodeproj/project.pbxproj", pbxproj([
            "SDKROOT = iphoneos;\n SUPPORTS_MACCATALYST = YES;\n SUPPORTS_MAC_DESIGNED_FOR_IPHONE_IPAD = YES;",
        ]))
        XCTAssertEqual(resolve("App/A.swift"), .iOS)
    }

    func testPbxprojForms() {
        XCTAssertEqual(XcodeProjectReader.platforms(pbxproj: "SDKROOT = watchos;\nSDKROOT = xros;"), [.watchOS, .visionOS])
        XCTAssertEqual(XcodeProjectReader.platforms(pbxproj: "SUPPORTED_PLATFORMS = macosx;"), .macOS)
        XCTAssertEqual(XcodeProjectReader.platforms(pbxproj: "SUPPORTED_PLATFORMS = \"xros xrsimulator\";"), .visionOS)
        XCTAssertEqual(XcodeProjectReader.platforms(pbxproj: "\"SDKROOT[sdk=macosx*]\" = macosx; SDKROOT = iphoneos;"), .iOS)
        XCTAssertEqual(XcodeProjectReader.platforms(pbxproj: "LIBRARY_SEARCH_PATHS = \"$(SDKROOT)/usr/lib\";"), nil)
        XCTAssertEqual(XcodeProjectReader.platforms(pbxproj: "SUPPORTS_MACCATALYST = YES;"), nil)
    }

    func testXcodeprojNamingNothingIsAll() throws {
        try write("App/App.xcodeproj/project.pbxproj", pbxproj(["SWIFT_VERSION = 5.0;"]))
        XCTAssertEqual(resolve("App/A.swift"), .all)
    }

    func testPackageAndXcodeprojAtOneLevelUnion() throws {
        try write("Both/Package.swift", "Package(name: \"B\", platforms: [.watchOS(.v9)])")
        try write("Both/Both.xcodeproj/project.pbxproj", pbxproj(["SDKROOT = appletvos;"]))
        XCTAssertEqual(resolve("Both/Sources/B.swift"), [.watchOS, .tvOS])
    }

    // MARK: Nearest wins

    func testNearestPackageOverridesParentXcodeproj() throws {
        try write("App/App.xcodeproj/project.pbxproj", pbxproj(["SDKROOT = macosx;"]))
        try write("App/Packages/Core/Package.swift", "Package(name: \"Core\", platforms: [.iOS(.v15)])")
        XCTAssertEqual(resolve("App/Packages/Core/Sources/Core/A.swift"), .iOS)
        XCTAssertEqual(resolve("App/Sources/Main.swift"), .macOS)
    }

    func testRelativePathsAndDotDot() throws {
        try write("P/Package.swift", "Package(name: \"P\", platforms: [.tvOS(.v15)])")
        try FileManager.default.createDirectory(atPath: file("P/Sources"), withIntermediateDirectories: true)
        let resolver = ProjectPlatformResolver(currentDirectory: file("P/Sources"))
        XCTAssertEqual(resolver.platforms(forFileAt: "A.swift"), .tvOS)
        XCTAssertEqual(resolver.platforms(forFileAt: "./x/../A.swift"), .tvOS)
        XCTAssertEqual(Paths.absolute("a/./b/../c.swift", base: "/r/"), "/r/a/c.swift")
        XCTAssertEqual(Paths.absolute("/../../x", base: "/"), "/x")
        XCTAssertEqual(Paths.absolute("./Módulo//é/../f.swift", base: "/tmp/a b/"), "/tmp/a b/Módulo/f.swift")
        XCTAssertEqual(Paths.absolute("x/..", base: "/r"), "/r")
        XCTAssertEqual(Paths.absolute("../..", base: "/r"), "/")
        XCTAssertEqual(Paths.absolute(".", base: "/"), "/")
        XCTAssertEqual(Paths.absolute("a/b/c/../../d", base: "/"), "/a/d")
        XCTAssertEqual(Paths.parent("/tmp/é/f.swift"), "/tmp/é")
        XCTAssertEqual(Paths.parent("/x"), "/")
        XCTAssertEqual(Paths.parent("/"), "/")
    }

    // MARK: CocoaPods

    func testPodfileUsedOnlyWithoutProject() throws {
        try write("Pods/Podfile", "# platform :osx, '10.15'\nplatform :ios, '13.0'\ntarget 'TV' do\n  platform :tvos, '15.0'\nend\n")
        XCTAssertEqual(resolve("Pods/Sources/A.swift"), [.iOS, .tvOS])

        // A Package.swift above the Podfile decides instead, even though the Podfile is nearer.
        try write("Outer/Package.swift", "Package(name: \"O\", platforms: [.macOS(.v12)])")
        try write("Outer/Inner/Podfile", "platform :ios, '13.0'")
        XCTAssertEqual(resolve("Outer/Inner/A.swift"), .macOS)

        // Next to an .xcodeproj the Podfile is ignored.
        try write("X/X.xcodeproj/project.pbxproj", pbxproj(["SDKROOT = macosx;"]))
        try write("X/Podfile", "platform :ios, '13.0'")
        XCTAssertEqual(resolve("X/A.swift"), .macOS)
    }

    func testPodfileNamingNothingKeepsLookingUp() throws {
        try write("Outer/Podfile", "platform :macos, '12.0'")
        try write("Outer/Inner/Podfile", "use_frameworks!\npod 'Alamofire'\n")
        XCTAssertEqual(resolve("Outer/Inner/A.swift"), .macOS)
    }

    func testPodspecForms() throws {
        try write("Spec/Lib.podspec", """
        Pod::Spec.new do |s|
          s.name = 'Lib'
          s.platform = :ios, "12.0"
        end
        """)
        XCTAssertEqual(resolve("Spec/Sources/A.swift"), .iOS)

        func spec(_ text: String) -> PlatformSet { CocoaPodsReader.platforms(podspec: text) }
        XCTAssertEqual(spec("spec.platforms = { :ios => \"13.0\", :osx => \"10.15\" }"), [.iOS, .macOS])
        XCTAssertEqual(spec("s.platforms = { ios: '13.0', watchos: '8.0' }"), [.iOS, .watchOS])
        XCTAssertEqual(spec("s.platforms = {\n  :tvos => '15.0',\n  :visionos => '1.0'\n}\ns.name = 'ios'"), [.tvOS, .visionOS])
        XCTAssertEqual(spec("s.ios.deployment_target = '12.0'\ns.osx.deployment_target = '10.13'"), [.iOS, .macOS])
        XCTAssertEqual(spec("s.macos.deployment_target = '11.0'"), .macOS)
        XCTAssertEqual(spec("s.tvos.deployment_target = '13.0'\ns.watchos.deployment_target = '6.0'\ns.visionos.deployment_target = '1.0'"),
                       [.tvOS, .watchOS, .visionOS])
        XCTAssertEqual(spec("# s.osx.deployment_target = '10.13'\ns.ios.deployment_target = '12.0' # not :osx"), .iOS)
        XCTAssertEqual(spec("s.name = 'Lib'\ns.source_files = 'Sources/**/*.swift'"), [])
        XCTAssertEqual(CocoaPodsReader.platforms(podspecJSON: #"{"name":"Lib","platforms":{"ios":"13.0","osx":"10.15"}}"#),
                       [.iOS, .macOS])
        XCTAssertEqual(CocoaPodsReader.platforms(podfile: "platform(:watchos, '8.0')\nplatforms :ios"), .watchOS)
    }

    func testPodspecAndPodfileAtOneLevelUnion() throws {
        try write("L/Lib.podspec", "s.tvos.deployment_target = '15.0'")
        try write("L/Podfile", "platform :ios, '15.0'")
        XCTAssertEqual(resolve("L/A.swift"), [.tvOS, .iOS])
    }

    func testSeveralPodspecsInOneFolderDecideForTheFilesTheyBuild() throws {
        try write("Kits/IOSKit.podspec", """
        Pod::Spec.new do |s|
          s.name = 'IOSKit'
          s.platform = :ios, '13.0'
          s.source_files = 'Sources/IOSKit/**/*.swift'
          s.exclude_files = 'Sources/IOSKit/Mac*.swift'
        end
        """)
        try write("Kits/MacKit.podspec", """
        Pod::Spec.new do |s|
          s.osx.deployment_target = '10.15'
          s.source_files = [
            'Sources/MacKit/*.{h,swift}',
            'Shared',
          ]
        end
        """)
        try write("Kits/TVKit.podspec.json", #"{"platforms":{"tvos":"15.0"},"subspecs":[{"name":"Core","source_files":["Sources/TV/**/*.swift"]}]}"#)
        try write("Kits/Podfile", "platform :watchos, '8.0'")
        try write("Kits/Shared/S.swift", "")
        XCTAssertEqual(resolve("Kits/Sources/IOSKit/A.swift"), .iOS)
        XCTAssertEqual(resolve("Kits/Sources/IOSKit/Deep/B.swift"), .iOS, "**/ is any depth")
        XCTAssertEqual(resolve("Kits/sources/ioskit/C.swift"), .iOS, "case is ignored, as CocoaPods does")
        XCTAssertEqual(resolve("Kits/Sources/MacKit/B.swift"), .macOS, "a brace alternative")
        XCTAssertEqual(resolve("Kits/Shared/S.swift"), .macOS, "a folder is the source files directly in it")
        XCTAssertEqual(resolve("Kits/Sources/TV/Core/T.swift"), .tvOS, "a JSON subspec")
        let everything: PlatformSet = [.iOS, .macOS, .tvOS, .watchOS]
        XCTAssertEqual(resolve("Kits/Sources/IOSKit/MacBridge.swift"), everything, "excluded, and no other podspec builds it")
        XCTAssertEqual(resolve("Kits/Sources/MacKit/Sub/D.swift"), everything, "* stays in its folder")
        XCTAssertEqual(resolve("Kits/Shared/Sub/E.swift"), everything)
        XCTAssertEqual(resolve("Kits/Other/F.swift"), everything, "no podspec builds it: all of them, with the Podfile")
    }

    func testPodspecPlatformPatternsOverlapsAndUnreadableValues() throws {
        try write("Multi/Both.podspec", """
        s.ios.deployment_target = '13.0'
        s.osx.deployment_target = '10.15'
        s.source_files = 'Sources/**/*.swift'
        s.ios.source_files = 'UI/*.swift'
        """)
        try write("Multi/Watch.podspec", "s.platform = :watchos, '8.0'\ns.source_files = %w[Sources/Shared/*.swift]")
        try write("Multi/Named.podspec", "s.platform = :tvos\ns.source_files = \"#{s.name}/*.swift\"")
        XCTAssertEqual(resolve("Multi/UI/V.swift"), [.iOS, .tvOS], "iOS alone builds UI/; a podspec the reader cannot follow may build anything")
        XCTAssertEqual(resolve("Multi/Sources/Shared/S.swift"), [.iOS, .macOS, .watchOS, .tvOS])
        XCTAssertEqual(resolve("Multi/Sources/A.swift"), [.iOS, .macOS, .tvOS])

        // One podspec decides alone, whether or not its patterns name the file.
        try write("One/Lib.podspec", "s.platform = :ios\ns.source_files = 'Sources/*.swift'")
        XCTAssertEqual(resolve("One/Elsewhere/A.swift"), .iOS)
    }

    func testPodspecSourcesForms() {
        typealias P = PodspecSources.Pattern
        XCTAssertEqual(PodspecSources.read(podspec: """
        s.source_files = 'A/*.swift', "B/**/*.{h,m}" # comment, 'C'
        ss.osx.source_files = %w(Mac/a.swift Mac/b.swift)
        t.source_files = ['T/*.swift',
                          'U/*.swift']
        s.exclude_files = "A/Gen*.swift"
        s.source_files == 'not an assignment'
        """), PodspecSources(patterns: [P("A/*.swift"), P("B/**/*.{h,m}"), P("Mac/a.swift", platform: .macOS),
                                        P("Mac/b.swift", platform: .macOS), P("T/*.swift"), P("U/*.swift")],
                             excluded: ["A/Gen*.swift"]))
        XCTAssertEqual(PodspecSources.read(podspec: "s.source_files = []"), PodspecSources())
        XCTAssertTrue(PodspecSources.read(podspec: "s.source_files = files").isOpaque)
        XCTAssertTrue(PodspecSources.read(podspec: "s.source_files = \"#{root}/*.swift\"").isOpaque)
        XCTAssertEqual(PodspecSources.read(podspecJSON: #"{"source_files":"A/*.swift","ios":{"source_files":["I/*.swift"]},"exclude_files":"A/X.swift"}"#),
                       PodspecSources(patterns: [P("A/*.swift"), P("I/*.swift", platform: .iOS)], excluded: ["A/X.swift"]))

        XCTAssertEqual(Glob.expandingBraces("Sources/{A,B}/*.{h,swift}"),
                       ["Sources/A/*.h", "Sources/A/*.swift", "Sources/B/*.h", "Sources/B/*.swift"])
        XCTAssertEqual(Glob.expandingBraces("{a,{b,c}d}"), ["a", "bd", "cd"])
        XCTAssertEqual(Glob.expandingBraces("plain"), ["plain"])
        XCTAssertNil(Glob.expandingBraces(String(repeating: "{a,b,c,d}", count: 8)), "more than the limit")
    }

    // MARK: Nothing, cache

    func testNothingFoundIsAll() throws {
        try write("Loose/A.swift", "")
        // The temporary directory itself has no project file above it on a sane machine;
        // whatever is above, the answer must equal what the resolver says for the root itself.
        let above = ProjectPlatformResolver().platforms(forFileAt: file("x"))
        XCTAssertEqual(resolve("Loose/A.swift"), above)
        XCTAssertEqual(ProjectPlatformResolver().platforms(forFileAt: "/nonexistent-kl-\(UUID().uuidString)/a/b.swift"),
                       ProjectPlatformResolver().platforms(forFileAt: "/a.swift"))
    }

    func testNothingFoundIsAllWhenRootIsClean() throws {
        // Only meaningful when no project file sits above the temporary directory.
        let above = Requirement.projectFolder(above: root)
        try skipUnlessAvailable(above == nil, "a project file in \(above ?? "") decides the platforms in \(root)")
        try write("Loose/Deep/A.swift", "")
        XCTAssertEqual(resolve("Loose/Deep/A.swift"), .all)
    }

    func testCacheReadsEachProjectFileOnce() throws {
        try write("Pkg/Package.swift", "Package(name: \"P\", platforms: [.iOS(.v15), .macOS(.v12)])")
        let resolver = ProjectPlatformResolver()
        XCTAssertEqual(resolver.platforms(forFileAt: file("Pkg/Sources/P/A.swift")), [.iOS, .macOS])
        let reads = resolver.projectFileReads
        XCTAssertEqual(reads, 1)
        // Changing the file does not change the cached answer for the folder or its siblings.
        try write("Pkg/Package.swift", "Package(name: \"P\", platforms: [.tvOS(.v15)])")
        XCTAssertEqual(resolver.platforms(forFileAt: file("Pkg/Sources/P/B.swift")), [.iOS, .macOS])
        XCTAssertEqual(resolver.platforms(forFileAt: file("Pkg/Sources/Q/C.swift")), [.iOS, .macOS])
        XCTAssertEqual(resolver.projectFileReads, reads)
    }

    func testConcurrentUse() throws {
        try write("App/App.xcodeproj/project.pbxproj", pbxproj(["SDKROOT = iphoneos;"]))
        for i in 0..<20 { try write("App/Dir\(i)/A.swift", "") }
        let resolver = ProjectPlatformResolver()
        let results = UnsafeMutableBufferPointer<PlatformSet>.allocate(capacity: 400)
        defer { results.deallocate() }
        let base = root
        DispatchQueue.concurrentPerform(iterations: 400) { i in
            results[i] = resolver.platforms(forFileAt: "\(base)/App/Dir\(i % 20)/F\(i).swift")
        }
        XCTAssertTrue(results.allSatisfy { $0 == .iOS })
        XCTAssertEqual(resolver.projectFileReads, 1)
    }

    func testUnreadableProjectFileDoesNotCrash() throws {
        // An .xcodeproj without a project.pbxproj: the level still decides, as `.all`.
        try FileManager.default.createDirectory(atPath: file("Broken/Broken.xcodeproj"), withIntermediateDirectories: true)
        try write("Broken/Sub/Package.swift", "Package(name: \"S\", platforms: [.iOS(.v15)])")
        XCTAssertEqual(resolve("Broken/A.swift"), .all)
        XCTAssertEqual(resolve("Broken/Sub/A.swift"), .iOS)
        // A directory named Package.swift cannot be read.
        try FileManager.default.createDirectory(atPath: file("Weird/Package.swift"), withIntermediateDirectories: true)
        XCTAssertEqual(resolve("Weird/A.swift"), .all)
    }
}
