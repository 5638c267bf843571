import Foundation
import XCTest
import KeychainLintCLI

/// `--stdin-filename PATH`: the text on stdin is linted as the file at PATH, with that file's
/// configuration, project and platforms, and reported under PATH.
final class StdinTests: XCTestCase {
    private var project: TempProject!

    override func setUpWithError() throws {
        project = try TempProject("stdin")
    }

    override func tearDown() { project = nil }

    private let deprecated = "import Security\n\nlet q = [kSecAttrAccessible: kSecAttrAccessibleAlways]\n"

    func testTheTextIsReportedUnderTheNameGivenWhetherOrNotTheFileExists() {
        let r = project.run(["--stdin-filename", "Sources/New.swift"], stdin: BufferInput(deprecated))
        XCTAssertEqual(r.findings, ["Sources/New.swift:3 deprecated-accessibility"], r.err)
        XCTAssertTrue(r.out.hasPrefix("Sources/New.swift:3:30: warning: "), r.out)
        XCTAssertTrue(r.err.contains("Linted 1 file: 0 errors, 1 warning"), r.err)

        project.write("Sources/Old.swift", "func clean() {}\n")
        XCTAssertEqual(project.run(["--stdin-filename=Sources/Old.swift"], stdin: BufferInput(deprecated)).findings,
                       ["Sources/Old.swift:3 deprecated-accessibility"], "stdin, not the file on disk")
        XCTAssertEqual(project.run(["--stdin-filename", "Sources/Old.swift"], stdin: BufferInput("func clean() {}\n")).findings, [])
    }

    func testTheFilesOwnConfigurationAndPlatformsApply() {
        project.write("App/.keychain-lint.json", #"{"rules": {"deprecated-accessibility": "off"}}"#)
        XCTAssertEqual(project.run(["--stdin-filename", "App/A.swift"], stdin: BufferInput(deprecated)).findings, [])
        XCTAssertEqual(project.run(["--stdin-filename", "Other/A.swift"], stdin: BufferInput(deprecated)).findings,
                       ["Other/A.swift:3 deprecated-accessibility"])

        let add = "func f() -> OSStatus {\n    SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: \"s\", kSecAttrAccount: \"a\"] as CFDictionary, nil)\n}\n"
        project.write("Mac/Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"M\", platforms: [.macOS(.v13)])\n")
        project.write("Phone/Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", platforms: [.iOS(.v16)])\n")
        XCTAssertEqual(project.run(["--stdin-filename", "Mac/Sources/S.swift"], stdin: BufferInput(add)).findings,
                       ["Mac/Sources/S.swift:2 missing-data-protection-keychain"])
        XCTAssertEqual(project.run(["--stdin-filename", "Phone/Sources/S.swift"], stdin: BufferInput(add)).findings, [],
                       "an iOS-only project has no file-based keychain")
    }

    func testPathsGivenWithItAreItsProjectAndOnlyTheStdinFileIsReported() {
        project.write("Base.swift", """
        func deviceQuery() -> [String: Any] {
            [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "s",
             kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
             kSecUseDataProtectionKeychain as String: true]
        }
        let legacy = [kSecAttrAccessible: kSecAttrAccessibleAlways]
        """)
        let store = "func save() {\n    var q = deviceQuery()\n    q[kSecAttrSynchronizable as String] = true\n    SecItemAdd(q as CFDictionary, nil)\n}\n"
        let only = ["--only", "sync-this-device-only,deprecated-accessibility"]
        XCTAssertEqual(project.run(only + ["--stdin-filename", "Store.swift"], stdin: BufferInput(store)).findings, [],
                       "alone, the helper is unknown")
        let r = project.run(only + ["--stdin-filename", "Store.swift", "."], stdin: BufferInput(store))
        XCTAssertEqual(r.findings, ["Store.swift:3 sync-this-device-only"], "Base.swift's own finding is not reported")
        project.write("Store.swift", store)
        XCTAssertEqual(project.run(only + ["."]).findings, ["./Base.swift:6 deprecated-accessibility", "./Store.swift:3 sync-this-device-only"])
        XCTAssertTrue(r.err.contains("Linted 1 file:"), r.err)
    }

    func testAMissingNameOrTextThatIsNotUTF8IsAUsageError() {
        let missing = project.run(["--stdin-filename"], stdin: BufferInput(deprecated))
        XCTAssertEqual(missing.code, 2)
        XCTAssertTrue(missing.err.contains("option '--stdin-filename' needs a value"), missing.err)
        let binary = project.run(["--stdin-filename", "A.swift"], stdin: BufferInput(bytes: [0x6C, 0x65, 0x74, 0xFF]))
        XCTAssertEqual(binary.code, 2)
        XCTAssertTrue(binary.err.contains("stdin is not valid UTF-8"), binary.err)
        XCTAssertEqual(binary.out, "")
    }
}
