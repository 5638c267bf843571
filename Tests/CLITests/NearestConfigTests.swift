import Foundation
import XCTest

/// Each linted file is governed by the nearest `.keychain-lint.json` at or above it, wherever the
/// run starts (as ESLint and ruff do); files with none above them use the one found from the
/// working directory; `--config` names one for every file.
final class NearestConfigTests: XCTestCase {
    private var project: TempProject!

    override func setUpWithError() throws {
        project = try TempProject("nearest")
        project.write("proj/Sources/A.swift", Mistake.file([Mistake.identityAdd()]))
    }

    override func tearDown() { project = nil }

    func testAConfigBelowTheWorkingDirectoryIsFound() {
        project.write("proj/.keychain-lint.json", #"{"rules": {"identity-add": "off"}}"#)
        XCTAssertEqual(project.run(["proj"]).findings, [], "cd /tmp && keychain-lint proj/")
        XCTAssertEqual(project.run(["proj/Sources/A.swift"]).findings, [], "a file named on the command line too")
        XCTAssertEqual(project.run(["Sources"], in: "proj").findings, [], "and from inside, as before")
    }

    func testTheNearestConfigWinsPerFile() {
        project.write(".keychain-lint.json", #"{"rules": {"identity-add": "off"}}"#)
        project.write("proj/.keychain-lint.json", #"{"rules": {"identity-add": "warning"}}"#)
        project.write("Other/B.swift", Mistake.file([Mistake.identityAdd()]))
        let r = project.run(["."])
        XCTAssertEqual(r.findings, ["./proj/Sources/A.swift:2 identity-add"], "Other/ uses the root's file, proj/ its own")
        XCTAssertTrue(r.out.contains(": warning: "), r.out)
        XCTAssertEqual(r.code, 0)
        XCTAssertTrue(r.err.contains("Linted 2 files: 0 errors, 1 warning"), r.err)
    }

    func testNestedIncludeAndExcludeApplyBelowTheirFolderOnly() {
        project.write(".keychain-lint.json", #"{"exclude": ["proj/Sources"]}"#)
        project.write("proj/.keychain-lint.json", #"{"exclude": ["Generated"]}"#)
        project.write("proj/Generated/G.swift", Mistake.file([Mistake.identityAdd()]))
        project.write("Root.swift", Mistake.file([Mistake.identityAdd()]))
        XCTAssertEqual(project.run(["."]).findings, ["./Root.swift:2 identity-add", "./proj/Sources/A.swift:2 identity-add"],
                       "proj/ has its own file: the root's patterns do not reach into it")
    }

    func testFilesWithoutAConfigAboveUseTheWorkingDirectorys() {
        project.write("proj/.keychain-lint.json", #"{"rules": {"identity-add": "warning"}}"#)
        project.write("Other/B.swift", Mistake.file([Mistake.identityAdd()]))
        let r = project.run(["../Other"], in: "proj")
        XCTAssertTrue(r.out.hasPrefix("../Other/B.swift:2:20: warning: "), r.out)
    }

    func testConfigNamesOneFileForAll() {
        project.write("proj/.keychain-lint.json", #"{"rules": {"identity-add": "off"}}"#)
        project.write("mine.json", #"{"rules": {"identity-add": "warning"}}"#)
        let r = project.run(["--config", "mine.json", "proj"])
        XCTAssertEqual(r.findings, ["proj/Sources/A.swift:2 identity-add"])
        XCTAssertTrue(r.out.contains(": warning: "), r.out)
    }

    func testABadNestedConfigStopsTheRun() {
        project.write("proj/Sources/.keychain-lint.json", #"{"rulez": {}}"#)
        let r = project.run(["."])
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(r.out, "")
        XCTAssertTrue(r.err.hasPrefix("keychain-lint: error: \(project.root)/proj/Sources/.keychain-lint.json:1:2: unknown key 'rulez'"), r.err)
    }

    func testANestedConfigsBaselineHidesItsFilesFindings() {
        project.write("proj/.keychain-lint.json", #"{"baseline": "baseline.json"}"#)
        XCTAssertEqual(project.run(["--write-baseline", "proj/baseline.json", "proj"]).code, 0)
        let r = project.run(["."])
        XCTAssertEqual(r.findings, [])
        XCTAssertTrue(r.err.contains("; 1 finding hidden by the baseline"), r.err)
    }
}
