import Foundation
import XCTest
import KeychainLint

/// What the install routes rely on: the build-tool plugin's stamp (`--build-stamp`) and the one
/// source of the version that the release script reads.
final class InstallTests: XCTestCase {
    private let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    func testBuildStampIsWrittenOnlyByARunWithoutErrors() throws {
        let project = try TempProject("stamp")
        project.write("out/.keep", "")
        project.write("A.swift", "import Security\nlet a = kSecAttrAccessibleAlways\n")
        let warned = project.run(["--build-stamp", "out/stamp.swift", "A.swift"])
        XCTAssertEqual(warned.code, 0)
        XCTAssertTrue(warned.out.contains("[deprecated-accessibility]"))
        XCTAssertEqual(project.read("out/stamp.swift"), "// keychain-lint \(ToolInfo.version): 1 file, 1 warning, no error\n")

        project.write("A.swift", "import Security\n" + Mistake.file([Mistake.identityAdd()]))
        XCTAssertEqual(project.run(["--build-stamp", "out/stamp.swift", "A.swift"]).code, 1)
        XCTAssertNil(project.read("out/stamp.swift"), "a failing run leaves no stamp, so the build system reruns it")
        XCTAssertEqual(project.run(["--build-stamp", "out/stamp.swift", "A.swift"]).code, 1, "and with no stamp to remove")

        XCTAssertEqual(project.run(["--build-stamp", "out/stamp.swift", "Missing.swift"]).code, 2)
        XCTAssertNil(project.read("out/stamp.swift"), "a path error is no clean run")
    }

    func testBuildStampThatCannotBeWrittenFailsTheRun() throws {
        let project = try TempProject("stamp-folder")
        project.write("A.swift", "func clean() {}\n")
        let run = project.run(["--build-stamp", "no/such/folder/stamp.swift", "A.swift"])
        XCTAssertEqual(run.code, 2)
        XCTAssertTrue(run.err.contains("no/such/folder/stamp.swift: no such file or directory"), run.err)
    }

    func testVersionScriptReadsToolInfo() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: repositoryRoot + "/Scripts/version.sh")
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(String(decoding: output, as: UTF8.self), ToolInfo.version + "\n")
    }
}

/// The install recipes in the README and in docs/ name the current release, so a version bump
/// cannot leave them behind.
final class InstallRecipeTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func read(_ page: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
    }

    func testRecipesNameTheCurrentVersion() throws {
        let version = ToolInfo.version
        let archive = "releases/download/v\(version)/keychain-lint-\(version)-linux-x86_64.tar.gz"
        let recipes = [
            "README.md": ["mint install keychain-lint/keychain-lint@v\(version)", "uses: keychain-lint/keychain-lint@v\(version)",
                          "rev: v\(version)", archive],
            "docs/INSTALL.md": ["mint install keychain-lint/keychain-lint@v\(version)", archive,
                                "sha256sum -c keychain-lint-\(version)-linux-x86_64.tar.gz.sha256"],
            "docs/CI.md": ["uses: keychain-lint/keychain-lint@v\(version)", "rev: v\(version)", "--branch v\(version)",
                           "archive: https://github.com/keychain-lint/keychain-lint/" + archive],
        ]
        for (page, expected) in recipes {
            let text = try read(page)
            for recipe in expected { XCTAssertTrue(text.contains(recipe), "\(page): \(recipe)") }
        }
        let pages = try ["README.md"] + FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        let tagged = try NSRegularExpression(pattern: #"(@|rev: |download/|--branch )v(\d+\.\d+\.\d+)"#)
        var seen = 0
        for page in pages {
            let text = try read(page)
            for match in tagged.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                XCTAssertEqual(String(text[Range(match.range(at: 2), in: text)!]), version, "\(page): every recipe names v\(version)")
                seen += 1
            }
        }
        XCTAssertGreaterThan(seen, 10)
    }
}
