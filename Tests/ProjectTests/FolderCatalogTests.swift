import Foundation
import XCTest
import KeychainLintProject
import KeychainLintSyntax

/// Discovery's walk records what each folder holds (`FolderCatalog`), and finding a file's
/// project reads those records instead of listing the folders again.
final class FolderCatalogTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "kl-catalog-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/App/Sources/Deep", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/App/App.xcodeproj", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/Lib/Sources", withIntermediateDirectories: true)
        try "// swift-tools-version:5.9".write(toFile: root + "/Lib/Package.swift", atomically: true, encoding: .utf8)
        try "Pod::Spec.new do |s| end".write(toFile: root + "/Lib/Lib.podspec", atomically: true, encoding: .utf8)
        try "let a = 1".write(toFile: root + "/App/Sources/Deep/A.swift", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    private func walk(_ argument: String) -> FolderCatalog {
        let catalog = FolderCatalog()
        var discovery = FileDiscovery()
        discovery.catalog = catalog
        _ = discovery.discover([argument])
        return catalog
    }

    func testTheWalkRecordsEachFolderItListsAsAListingWouldSeeIt() {
        let catalog = walk(root)
        // root, App, App/Sources, App/Sources/Deep, App/App.xcodeproj, Lib, Lib/Sources
        XCTAssertEqual(catalog.count, 7)
        for folder in ["", "/App", "/App/Sources", "/App/Sources/Deep", "/Lib", "/Lib/Sources"] {
            let recorded = catalog.folder(at: Paths.normalised(root + folder))
            let listed = ProjectFolder(listing: root + folder)
            XCTAssertEqual(recorded.packageManifest, listed.packageManifest, folder)
            XCTAssertEqual(recorded.xcodeprojs, listed.xcodeprojs, folder)
            XCTAssertEqual(recorded.podfile, listed.podfile, folder)
            XCTAssertEqual(recorded.podspecs, listed.podspecs, folder)
        }
        XCTAssertEqual(catalog.folder(at: Paths.normalised(root + "/App")).xcodeprojs, ["App.xcodeproj"])
        XCTAssertEqual(catalog.folder(at: Paths.normalised(root + "/Lib")).podspecs, ["Lib.podspec"])
    }

    /// A relative argument is recorded under the absolute path the readers ask for.
    func testARelativeArgumentIsRecordedByItsAbsolutePath() throws {
        let previous = FileManager.default.currentDirectoryPath
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(root + "/App"))
        let catalog = walk("./Sources/../Sources")
        XCTAssertEqual(catalog.count, 2)
        let cwd = FileManager.default.currentDirectoryPath
        XCTAssertEqual(catalog.folder(at: Paths.absolute("Sources/Deep", base: cwd)).isProjectRoot, false)
        XCTAssertEqual(catalog.count, 2, "a recorded folder is answered without listing it")
    }

    /// What a link points to decides whether it is a project file; the walk does not look, so a
    /// folder with a link named like one is left for the catalog to list when asked.
    func testAFolderWithALinkNamedLikeAProjectFileIsListedWhenAsked() throws {
        try FileManager.default.createSymbolicLink(atPath: root + "/App/Sources/Package.swift",
                                                   withDestinationPath: root + "/Lib/Package.swift")
        let catalog = walk(root)
        XCTAssertEqual(catalog.count, 6, "App/Sources is not recorded")
        XCTAssertTrue(catalog.folder(at: Paths.normalised(root + "/App/Sources")).packageManifest)
        XCTAssertEqual(catalog.count, 7)
    }

    /// The platform resolver and the entitlements loader read through the catalog: a record that
    /// says a folder is a project's root is believed, so neither lists that folder again.
    func testTheReadersAnswerFromTheRecords() throws {
        let catalog = FolderCatalog()
        var project = ProjectFolder()
        project.packageManifest = true
        catalog.record(project, at: Paths.normalised(root + "/App/Sources"))
        let loader = EntitlementsLoader(workingDirectory: nil, folders: catalog)
        XCTAssertEqual(loader.projectRoot(ofFileAt: root + "/App/Sources/Deep/A.swift"), Paths.normalised(root + "/App/Sources"))
        XCTAssertEqual(EntitlementsLoader(workingDirectory: nil).projectRoot(ofFileAt: root + "/App/Sources/Deep/A.swift"),
                       Paths.normalised(root + "/App"))
        // The resolver believes a record that says a folder holds nothing: the manifest on disk
        // is not read, and no project decides.
        try "// swift-tools-version:5.9\nlet package = Package(name: \"Lib\", platforms: [.iOS(.v15)])"
            .write(toFile: root + "/Lib/Package.swift", atomically: true, encoding: .utf8)
        try "let b = 2".write(toFile: root + "/Lib/Sources/B.swift", atomically: true, encoding: .utf8)
        XCTAssertEqual(ProjectPlatformResolver().platforms(forFileAt: root + "/Lib/Sources/B.swift"), PlatformSet(platforms: [.iOS]))
        catalog.record(ProjectFolder(), at: Paths.normalised(root + "/Lib"))
        let resolver = ProjectPlatformResolver(folders: catalog)
        XCTAssertEqual(resolver.platforms(forFileAt: root + "/Lib/Sources/B.swift"), .all)
        XCTAssertEqual(resolver.projectFileReads, 0)
    }
}
