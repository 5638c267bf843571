import Foundation
import XCTest

/// What a run says on stderr and how it exits when it lints nothing, when a file the user named
/// cannot be linted, and with `--strict`, `--strict-files` and `--quiet`.
final class RunStatusTests: XCTestCase {
    private var project: TempProject!

    override func setUpWithError() throws { project = try TempProject("status") }
    override func tearDown() { project = nil }

    /// stderr without the summary's time, which varies.
    private func stable(_ err: String) -> String {
        err.replacingOccurrences(of: #"in \d+\.\d\d s"#, with: "in T s", options: .regularExpression)
    }

    // MARK: nothing linted

    func testAnIncludeThatMatchesNothingWarns() {
        project.write(".keychain-lint.json", #"{"include": ["Nothing"]}"#)
        project.write("Sources/A.swift", Mistake.file([Mistake.identityAdd()]))
        let r = project.run(["."])
        XCTAssertEqual(r.code, 0)
        XCTAssertEqual(stable(r.err), """
        keychain-lint: warning: no file was linted: the paths hold no Swift or entitlements file, or the configuration's include/exclude left none
        Linted 0 files: 0 errors, 0 warnings in T s

        """)
        let strict = project.run(["--strict-files", "."])
        XCTAssertEqual(strict.code, 2, "--strict-files: linting nothing is an error")
        XCTAssertTrue(strict.err.hasPrefix("keychain-lint: error: no file was linted:"), strict.err)
    }

    func testAnEmptyFolderWarnsAndAFolderWithFilesDoesNot() {
        project.write("Empty/README.md", "no Swift here\n")
        XCTAssertTrue(project.run(["Empty"]).err.hasPrefix("keychain-lint: warning: no file was linted"))
        project.write("Full/A.swift", "let x = 1\n")
        let full = project.run(["--strict-files", "Full"])
        XCTAssertEqual(full.code, 0)
        XCTAssertFalse(full.err.contains("keychain-lint: warning"), full.err)
    }

    // MARK: --strict and --quiet

    func testStrictMakesWarningsFailTheRun() {
        project.write(".keychain-lint.json", #"{"rules": {"identity-add": "warning"}}"#)
        project.write("A.swift", Mistake.file([Mistake.identityAdd()]))
        XCTAssertEqual(project.run(["A.swift"]).code, 0, "a warning alone passes")
        XCTAssertEqual(project.run(["--strict", "A.swift"]).code, 1, "--strict: a warning fails the run")
        project.write("Clean.swift", "let x = 1\n")
        XCTAssertEqual(project.run(["--strict", "Clean.swift"]).code, 0)
    }

    func testQuietDropsOnlyTheSummaryLine() {
        project.write("A.swift", Mistake.file([Mistake.identityAdd()]))
        let loud = project.run(["A.swift", "missing.swift"])
        let quiet = project.run(["--quiet", "A.swift", "missing.swift"])
        XCTAssertEqual(quiet.out, loud.out)
        XCTAssertEqual(quiet.code, loud.code)
        XCTAssertEqual(quiet.err, "keychain-lint: error: no such file or directory: missing.swift\n")
        XCTAssertEqual(project.run(["--quiet", "--write-baseline", "b.json", "A.swift"]).err, "")
    }

    // MARK: files the user named

    func testANamedFileThatIsNotUTF8IsAUsageErrorAndAFoundOneFailsTheRun() throws {
        project.write("Good.swift", "let x = 1\n")
        try! Data([0x6C, 0x65, 0x74, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: project.root + "/Bad.swift"))
        let named = project.run(["Good.swift", "Bad.swift"])
        XCTAssertEqual(named.code, 2)
        XCTAssertTrue(named.err.hasPrefix("keychain-lint: error: not valid UTF-8: Bad.swift\n"), named.err)
        let found = project.run(["."])
        XCTAssertEqual(found.code, 1, "the other files are linted, and a file nobody looked at is no pass")
        XCTAssertTrue(found.err.hasPrefix("keychain-lint: error: cannot read ./Bad.swift: not valid UTF-8\n"), found.err)
        XCTAssertTrue(found.err.hasSuffix(" s; 1 file could not be read\n"), found.err)
        let json = project.run(["--format", "json", "."])
        XCTAssertEqual(json.code, 1)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        XCTAssertEqual(object["unreadable"] as? [[String: String]], [["file": "./Bad.swift", "message": "cannot read ./Bad.swift: not valid UTF-8"]])
        let sarif = project.run(["--format", "sarif", "."])
        let run = try XCTUnwrap(((JSONSerialization.jsonObject(with: Data(sarif.out.utf8)) as? [String: Any])?["runs"] as? [[String: Any]])?.first)
        let invocation = try XCTUnwrap((run["invocations"] as? [[String: Any]])?.first, sarif.out)
        XCTAssertEqual(invocation["executionSuccessful"] as? Bool, false)
        let notice = try XCTUnwrap((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
        XCTAssertEqual((notice["message"] as? [String: String])?["text"], "cannot read ./Bad.swift: not valid UTF-8")
        XCTAssertEqual(notice["level"] as? String, "error")
        project.write("Bad.swift", "let x = 2\n")
        let clean = project.run(["--format", "sarif", "."])
        XCTAssertEqual(clean.code, 0)
        XCTAssertFalse(clean.out.contains("invocations"), "a run that read everything has no notification")
    }

    func testANamedEntitlementsFileThatCannotBeReadIsAnError() {
        project.write("App/App.entitlements", "<plist><dict><key>keychain-access-groups</key>")
        let named = project.run(["App/App.entitlements"])
        XCTAssertEqual(named.code, 2)
        XCTAssertTrue(named.err.hasPrefix("keychain-lint: error: not a valid property list"), named.err)
        XCTAssertTrue(named.err.contains(": App/App.entitlements\n"), named.err)
        XCTAssertEqual(project.run(["App"]).code, 0, "found while walking: a warning")
    }

    func testAMissingPathPrintsNoSummaryWhenNothingWasLinted() {
        let r = project.run(["nope"])
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(r.err, "keychain-lint: error: no such file or directory: nope\n")
        project.write("A.swift", "let x = 1\n")
        XCTAssertTrue(stable(project.run(["nope", "A.swift"]).err).hasSuffix("Linted 1 file: 0 errors, 0 warnings in T s\n"),
                      "when something was linted, the summary says what")
    }

    // MARK: one file, two names

    func testAFileNamedTwoWaysIsLintedOnce() {
        project.write("Sources/A.swift", Mistake.file([Mistake.identityAdd()]))
        let r = project.run(["../Sources/A.swift", "./A.swift", "A.swift"], in: "Sources")
        XCTAssertEqual(r.findings, ["../Sources/A.swift:2 identity-add"],
                       "once, under the first name given")
        XCTAssertTrue(r.err.contains("Linted 1 file:"), r.err)
        let walked = project.run(["Sources/A.swift", "./Sources"])
        XCTAssertEqual(walked.findings, ["Sources/A.swift:2 identity-add"],
                       "a named file is not linted again under the folder's spelling")
        XCTAssertEqual(project.run(["./Sources", "Sources/A.swift"]).findings, ["Sources/A.swift:2 identity-add"], "whichever comes first")
    }
}
