import Foundation
import XCTest
import KeychainLintCLI

/// A file named on the command line is analysed with its project around it and gets exactly the
/// findings a run over that project gives it: what makes the pre-commit hook (staged files by
/// name), the build plugin and `--stdin-filename` agree with CI.
final class NamedFileProjectTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Each finding as `path:line:column: severity: message [rule]`, the path without `./`.
    private func findings(_ run: TempProject.Run) -> [String] {
        run.out.split(separator: "\n").map { $0.hasPrefix("./") ? String($0.dropFirst(2)) : String($0) }
    }

    private func swiftFiles(under folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }.sorted()
    }

    /// Every file of `folder` (relative to the project's root) named alone gets what the run over
    /// `folder` gives it. Returns how many files had findings that depend on other files.
    @discardableResult
    private func checkEachFileAlone(in project: TempProject, folder: String) -> Int {
        let whole = findings(project.run([folder]))
        XCTAssertFalse(whole.isEmpty)
        var dependent = 0
        for rel in swiftFiles(under: project.root + "/" + folder) {
            let path = folder == "." ? rel : folder + "/" + rel
            let alone = project.run([path])
            XCTAssertEqual(findings(alone), whole.filter { $0.hasPrefix(path + ":") }, path)
            XCTAssertTrue(alone.err.contains("Linted 1 file:"), "only the named file is counted: \(alone.err)")
            // The same file in a project of its own: different findings show the project mattered.
            let isolated = try! TempProject("isolated")
            isolated.write(rel.split(separator: "/").last.map(String.init)!, project.read(path)!)
            let own = findings(isolated.run(["."])).map { String($0.split(separator: ":", maxSplits: 1)[1]) }
            if own != findings(alone).map({ String($0.split(separator: ":", maxSplits: 1)[1]) }) { dependent += 1 }
        }
        return dependent
    }

    func testEachFixtureFileNamedAloneGetsTheFindingsOfTheRepositoryRun() throws {
        let project = try TempProject("named-repo")
        try FileManager.default.copyItem(atPath: Self.repository + "/Fixtures", toPath: project.root + "/Fixtures")
        try FileManager.default.removeItem(atPath: project.root + "/Fixtures/Fixed")
        try FileManager.default.createDirectory(atPath: project.root + "/.git", withIntermediateDirectories: true)
        let dependent = checkEachFileAlone(in: project, folder: ".")
        XCTAssertGreaterThan(dependent, 5, "the fixtures must hold files whose findings depend on other files")
    }

    func testWithoutARepositoryThePackageIsTheProject() throws {
        let project = try TempProject("named-package")
        try FileManager.default.copyItem(atPath: Self.repository + "/Fixtures/CrossCall", toPath: project.root + "/CrossCall")
        XCTAssertGreaterThan(checkEachFileAlone(in: project, folder: "CrossCall"), 2)
    }

    private let helper = """
    enum Queries {
        static func base(_ account: String) -> [String: Any] {
            [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "s", kSecAttrAccount as String: account]
        }
    }

    """
    private let caller = "func load(_ a: String) -> OSStatus {\n    SecItemCopyMatching(Queries.base(a) as CFDictionary, nil)\n}\n"

    func testStdinAndTheConfigurationFolderGiveTheProject() throws {
        let project = try TempProject("named-config")
        project.write("App/.keychain-lint.json", "{}\n")
        project.write("App/Sources/Helper.swift", helper)
        project.write("App/Sources/Store.swift", caller)
        let expected = "Sources/Store.swift:2:5: warning: No kSecUseDataProtectionKeychain"
        let named = project.run(["Sources/Store.swift"], in: "App")
        XCTAssertTrue(named.out.hasPrefix(expected), named.out)
        let stdin = project.run(["--stdin-filename", "Sources/Store.swift"], in: "App", stdin: BufferInput(caller))
        XCTAssertTrue(stdin.out.hasPrefix(expected), stdin.out)
        XCTAssertEqual(project.run(["Sources/Helper.swift"], in: "App").out, "", "the helper itself is no operation")
    }

    func testAnUnreadableFileAroundTheNamedOneIsOnlyAWarning() throws {
        let project = try TempProject("named-unreadable")
        project.write("Package.swift", "// swift-tools-version:5.9\n")
        project.write("Sources/Store.swift", caller)
        project.write("Sources/Helper.swift", helper)
        try Data([0x6C, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: project.root + "/Sources/Bad.swift"))
        let run = project.run(["Sources/Store.swift"])
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertTrue(run.out.hasPrefix("Sources/Store.swift:2:5: warning:"), run.out)
        XCTAssertTrue(run.err.contains("warning: cannot read ./Sources/Bad.swift: not valid UTF-8 (in the project around the files named)"), run.err)
    }

    func testAFileInNoProjectIsLintedAlone() throws {
        let project = try TempProject("named-none")
        project.write("Store.swift", caller)
        project.write("Helper.swift", helper)
        XCTAssertEqual(project.run(["Store.swift"]).out, "", "nothing around it to follow")
    }
}
