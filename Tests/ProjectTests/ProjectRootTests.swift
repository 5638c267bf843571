import Foundation
import XCTest
import KeychainLintProject

/// The one walk up the folder tree (`FolderWalk`) and the one definition of a project root
/// (`ProjectFolder`), shared by the platform resolver, the entitlements loader and the
/// configuration lookup.
final class ProjectRootTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "kl-root-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/A/B/C", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    func testTheWalkVisitsEachFolderUpToTheRootNearestFirst() {
        var visited: [String] = []
        let none: Int? = FolderWalk.nearest(from: "/a/b/c") { visited.append($0); return nil }
        XCTAssertNil(none)
        XCTAssertEqual(visited, ["/a/b/c", "/a/b", "/a", "/"])

        visited = []
        XCTAssertEqual(FolderWalk.nearest(from: "/a/b/c") { folder -> String? in
            visited.append(folder)
            return folder == "/a/b" ? "found" : nil
        }, "found")
        XCTAssertEqual(visited, ["/a/b/c", "/a/b"], "the walk stops at the first answer")

        visited = []
        _ = FolderWalk.nearest(from: "/") { visited.append($0); return Optional<Int>.none }
        XCTAssertEqual(visited, ["/"])
    }

    func testAProjectRootIsAFolderWithAManifestOrAnXcodeprojFolder() throws {
        XCTAssertFalse(ProjectFolder(listing: root + "/A").isProjectRoot)
        try "".write(toFile: root + "/A/Package.swift", atomically: true, encoding: .utf8)
        XCTAssertTrue(ProjectFolder(listing: root + "/A").isProjectRoot)
        try FileManager.default.createDirectory(atPath: root + "/A/B/App.xcodeproj", withIntermediateDirectories: true)
        XCTAssertEqual(ProjectFolder(listing: root + "/A/B").xcodeprojs, ["App.xcodeproj"])
        XCTAssertTrue(ProjectFolder(listing: root + "/A/B").isProjectRoot)
    }

    /// A file that is merely named `*.xcodeproj` makes no project, for the entitlements loader as
    /// for the platform resolver (the loader used to accept any entry with that suffix).
    func testAFileNamedLikeAnXcodeprojIsNoProjectForEitherReader() throws {
        try "".write(toFile: root + "/A/Package.swift", atomically: true, encoding: .utf8)
        try "not a folder".write(toFile: root + "/A/B/Fake.xcodeproj", atomically: true, encoding: .utf8)
        try "".write(toFile: root + "/A/B/C/x.swift", atomically: true, encoding: .utf8)
        let loader = EntitlementsLoader(workingDirectory: root)
        XCTAssertEqual(loader.projectRoot(of: "A/B/C/x.swift"), root + "/A")
        XCTAssertEqual(loader.projectRoot(of: "A/B"), root + "/A")
        XCTAssertFalse(ProjectFolder(listing: root + "/A/B").isProjectRoot)
    }

    func testTheLoaderNormalisesArgumentsLikeEveryOtherPath() throws {
        try "".write(toFile: root + "/A/B/Package.swift", atomically: true, encoding: .utf8)
        let loader = EntitlementsLoader(workingDirectory: root + "/A/./C/..")
        XCTAssertEqual(loader.projectRoot(of: "B//C/../C/"), root + "/A/B")
        XCTAssertEqual(loader.projectRoot(of: root + "/A/B/C"), root + "/A/B")
        XCTAssertNil(loader.projectRoot(of: "missing"))
    }

    /// Links count as what they point to (an `.xcodeproj` link to a folder is a project; a broken
    /// link is nothing); podspecs and project folders come out sorted whatever order the folder
    /// lists them in.
    func testLinksCountAsTheirTargetsAndNamesComeOutSorted() throws {
        let fm = FileManager.default
        try fm.createDirectory(atPath: root + "/Real.xcodeproj", withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: root + "/A/Linked.xcodeproj", withDestinationPath: root + "/Real.xcodeproj")
        try fm.createSymbolicLink(atPath: root + "/A/Broken.xcodeproj", withDestinationPath: root + "/missing")
        for name in ["b.podspec", "a.podspec.json", "c.podspec"] { try "".write(toFile: root + "/A/" + name, atomically: true, encoding: .utf8) }
        let folder = ProjectFolder(listing: root + "/A")
        XCTAssertEqual(folder.xcodeprojs, ["Linked.xcodeproj"])
        XCTAssertEqual(folder.podspecs, ["a.podspec.json", "b.podspec", "c.podspec"])
        let kinds = Dictionary(uniqueKeysWithValues: (FolderListing.entries(of: root + "/A") ?? []).map { ($0.name, $0.kind) })
        XCTAssertEqual(kinds["B"], .folder)
        XCTAssertEqual(kinds["b.podspec"], .file)
        XCTAssertNil(kinds["Broken.xcodeproj"])
        XCTAssertNil(FolderListing.entries(of: root + "/missing"))
    }
}
