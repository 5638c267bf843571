import Foundation
import XCTest
import KeychainLintTestSupport
import KeychainLint
@testable import KeychainLintCLI

/// `--fix --unsafe-fixes` on a copy of `Fixtures/`: the changes in each top-level folder must be exactly the
/// diff stored in `Fixtures/Fixed/<folder>.diff` (`KEYCHAIN_LINT_UPDATE_FIXED=1 swift test --filter
/// FixFixtureTests` rewrites them), every fixed file must still parse (`swiftc -parse`), nothing
/// fixable may be left, and a second `--fix` must change nothing.
final class FixFixtureTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The copy, fixed once for every test of the class: (its root, the files that changed, the run).
    private static let fixed: (root: String, changed: [String], run: TempProject.Run, project: TempProject) = {
        let project = try! TempProject("fix-fixtures")
        try! FileManager.default.copyItem(atPath: repository + "/Fixtures", toPath: project.root + "/Fixtures")
        try? FileManager.default.removeItem(atPath: project.root + "/Fixtures/Fixed")
        let run = project.run(["--fix", "--unsafe-fixes", "Fixtures"])
        let changed = swiftFiles(in: project.root + "/Fixtures").filter { rel in
            FileManager.default.contents(atPath: project.root + "/Fixtures/" + rel)
                != FileManager.default.contents(atPath: repository + "/Fixtures/" + rel)
        }
        return (project.root, changed, run, project)
    }()

    /// The copy is shared by the class's tests, so a static holds it; it goes when they are done.
    override class func tearDown() {
        try? FileManager.default.removeItem(atPath: fixed.root)
        super.tearDown()
    }

    private static func swiftFiles(in folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }.sorted()
    }

    func testEachFolderChangesExactlyAsItsStoredDiffSays() throws {
        let fixed = Self.fixed
        XCTAssertFalse(fixed.changed.isEmpty, fixed.run.err)
        var byFolder: [String: String] = [:]
        for rel in fixed.changed {
            let before = try XCTUnwrap(FileManager.default.contents(atPath: Self.repository + "/Fixtures/" + rel))
            let after = try XCTUnwrap(FileManager.default.contents(atPath: fixed.root + "/Fixtures/" + rel))
            let folder = String(rel.split(separator: "/").first!)
            byFolder[folder, default: ""] += UnifiedDiff.render(old: Array(before), new: Array(after), path: "Fixtures/" + rel)
        }
        let storedFolder = Self.repository + "/Fixtures/Fixed"
        if ProcessInfo.processInfo.environment["KEYCHAIN_LINT_UPDATE_FIXED"] == "1" {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: storedFolder)) ?? [] where name.hasSuffix(".diff") {
                try FileManager.default.removeItem(atPath: storedFolder + "/" + name)
            }
            for (folder, diff) in byFolder { try diff.write(toFile: "\(storedFolder)/\(folder).diff", atomically: true, encoding: .utf8) }
            return
        }
        let stored = try FileManager.default.contentsOfDirectory(atPath: storedFolder).filter { $0.hasSuffix(".diff") }
        XCTAssertEqual(Set(stored), Set(byFolder.keys.map { $0 + ".diff" }),
                       "folders with fixes: run KEYCHAIN_LINT_UPDATE_FIXED=1 swift test --filter FixFixtureTests and review the diffs")
        for (folder, diff) in byFolder {
            let expected = try? String(contentsOfFile: "\(storedFolder)/\(folder).diff", encoding: .utf8)
            XCTAssertEqual(diff, expected, "Fixtures/Fixed/\(folder).diff")
        }
    }

    func testTheRunSaysWhatItFixedAndReportsWhatIsLeft() throws {
        let fixed = Self.fixed
        let total = try XCTUnwrap(fixed.run.err.split(separator: "\n").last { $0.hasPrefix("keychain-lint: fixed ") && $0.contains(" files") })
        let before = try TempProject("fix-count")
        try FileManager.default.copyItem(atPath: Self.repository + "/Fixtures", toPath: before.root + "/Fixtures")
        let original = before.run(["Fixtures"]).findings.count
        let issues = Int(total.split(separator: " ")[2])!
        XCTAssertGreaterThan(issues, 10, String(total))
        XCTAssertEqual(fixed.run.findings.count, original - issues, "the report is the lint of the fixed files")
        XCTAssertTrue(fixed.run.err.contains("keychain-lint: fixed 2 issues in Fixtures/Catalog/AccountVault.swift (deprecated-accessibility, sync-query-missing-synchronizable)"), fixed.run.err)
    }

    func testNothingFixableIsLeftAndASecondFixChangesNothing() throws {
        let fixed = Self.fixed
        let diff = fixed.project.run(["--diff", "--unsafe-fixes", "Fixtures"])
        XCTAssertEqual(diff.out, "")
        XCTAssertEqual(diff.code, 0, diff.err)
        let snapshot = Self.swiftFiles(in: fixed.root + "/Fixtures").map { FileManager.default.contents(atPath: fixed.root + "/Fixtures/" + $0) }
        let again = fixed.project.run(["--fix", "--unsafe-fixes", "Fixtures"])
        XCTAssertTrue(again.err.contains("keychain-lint: fixed 0 issues in 0 files"), again.err)
        XCTAssertEqual(Self.swiftFiles(in: fixed.root + "/Fixtures").map { FileManager.default.contents(atPath: fixed.root + "/Fixtures/" + $0) },
                       snapshot)
        XCTAssertEqual(again.out, fixed.run.out, "the same findings are left")
    }

    /// Plain `--fix` applies the safe fixes only: no entry that changes which stored items a
    /// query matches (the data protection keychain, synchronizable items) is added anywhere, and
    /// the run says how many fixes it left to `--unsafe-fixes`.
    func testPlainFixAppliesOnlyTheSafeFixes() throws {
        let project = try TempProject("fix-safe")
        try FileManager.default.copyItem(atPath: Self.repository + "/Fixtures", toPath: project.root + "/Fixtures")
        let run = project.run(["--diff", "Fixtures"])
        let added = run.out.split(separator: "\n").filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }
        XCTAssertFalse(added.isEmpty, run.err)
        for line in added {
            XCTAssertFalse(line.contains("kSecUseDataProtectionKeychain") || line.contains("kSecAttrSynchronizableAny"), String(line))
        }
        let left = try XCTUnwrap(run.err.split(separator: "\n").first { $0.hasPrefix("keychain-lint: would fix ") })
        XCTAssertTrue(left.hasSuffix(" more with --unsafe-fixes)"), String(left))
        let all = project.run(["--diff", "--unsafe-fixes", "Fixtures"])
        XCTAssertTrue(all.out.contains("+") && all.out.contains("kSecUseDataProtectionKeychain"), "the unsafe ones exist")
    }

    func testEveryFixedFileStillParses() throws {
        let swiftc = try availableOrSkip(Self.swiftc(), "swiftc is not installed")
        let fixed = Self.fixed
        XCTAssertFalse(fixed.changed.isEmpty)
        for rel in fixed.changed {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: swiftc)
            process.arguments = ["-parse", fixed.root + "/Fixtures/" + rel]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "\(rel) does not parse after --fix:\n\(message)")
        }
    }

    /// `swiftc` on the PATH or beside the toolchain the tests run with.
    private static func swiftc() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = path.split(separator: ":").map { $0 + "/swiftc" } + ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
