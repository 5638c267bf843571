import Foundation
import XCTest
import KeychainLint
import KeychainLintCLI
import KeychainLintTestSupport

/// `--output FORMAT=PATH`: several reports from one run, each written atomically.
final class OutputFileTests: XCTestCase {
    private var root: String!

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "kl-output-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/reports", withIntermediateDirectories: true)
        try "func f(_ i: SecIdentity) { _ = SecItemAdd([kSecClass: kSecClassIdentity, kSecValueRef: i, kSecUseDataProtectionKeychain: true] as CFDictionary, nil) }\n"
            .write(toFile: root + "/A.swift", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    private func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        let out = BufferSink(), err = BufferSink()
        let code = CommandLineTool.run(arguments: arguments, rules: Linter.defaultRules, workingDirectory: root, stdout: out, stderr: err)
        return (code, out.text, err.text)
    }

    func testOneRunWritesSeveralFormats() throws {
        try "old".write(toFile: root + "/reports/r.json", atomically: true, encoding: .utf8)
        let r = run(["--output", "sarif=reports/r.sarif", "--output=json=reports/r.json", "--output", "checkstyle=reports/r.xml", "A.swift"])
        XCTAssertEqual(r.code, 1, r.err)
        XCTAssertTrue(r.out.contains("A.swift:1:44: error: "), "stdout keeps the --format report")
        let json = try String(contentsOfFile: root + "/reports/r.json", encoding: .utf8)
        XCTAssertTrue(json.hasPrefix("{\"version\":1,\"files\":1,"), json)
        let sarif = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: root + "/reports/r.sarif"))) as? [String: Any]
        XCTAssertEqual(sarif?["version"] as? String, "2.1.0")
        XCTAssertTrue(try String(contentsOfFile: root + "/reports/r.xml", encoding: .utf8).contains("<checkstyle"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root + "/reports").filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [], "no temporary file is left behind")
    }

    func testAFailedWriteLeavesTheOldFileAndExits2() throws {
        try "previous report".write(toFile: root + "/reports/r.json", atomically: true, encoding: .utf8)
        let r = run(["--output", "json=missing-folder/r.json", "A.swift"])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.contains("cannot write"), r.err)
        XCTAssertEqual(try String(contentsOfFile: root + "/reports/r.json", encoding: .utf8), "previous report")
    }

    func testBadOutputSpecsAreUsageErrors() {
        for spec in ["json", "json=", "xml=r.xml"] {
            let r = run(["--output", spec, "A.swift"])
            XCTAssertEqual(r.code, 2, spec)
            XCTAssertEqual(r.out, "", spec)
        }
    }

    func testADashIsRefusedNotWrittenAsAFileNamedDash() throws {
        let r = run(["--output", "json=-", "A.swift"])
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(r.out, "")
        XCTAssertTrue(r.err.hasPrefix("keychain-lint: error: --output json=-: '-' is not a file; stdout has the --format report\n"), r.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/-"))
    }

    func testTwoReportsToOnePathAreRefused() throws {
        for second in ["a.out", "./a.out", "reports/../a.out"] {
            let r = run(["--output", "json=a.out", "--output", "sarif=\(second)", "A.swift"])
            XCTAssertEqual(r.code, 2, second)
            XCTAssertEqual(r.out, "", second)
            XCTAssertTrue(r.err.hasPrefix("keychain-lint: error: --output json=a.out and sarif=\(second) write to the same file\n"), r.err)
            XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/a.out"), "nothing is written")
        }
        XCTAssertEqual(run(["--output", "json=a.out", "--output", "sarif=b.out", "A.swift"]).code, 1, "two files are fine")
    }
}

/// A report that cannot be written to stdout (a full disk, a closed pipe) must not end as a
/// success that leaves an empty or cut report behind: a message naming stdout, status 2.
final class StandardOutputFailureTests: XCTestCase {
    /// Every write fails, as on a full disk.
    private final class FullSink: OutputSink, @unchecked Sendable {
        private(set) var writeFailure: String?
        func write(_ text: String) { writeFailure = "No space left on device" }
    }

    func testAFailedWriteToStdoutIsAnErrorWhateverTheRunFound() throws {
        let folder = try ScratchFolder("stdout")
        folder.write("A.swift", "let x = 1\n")
        for arguments in [["A.swift"], ["--format", "sarif", "A.swift"], ["rules"], ["--version"]] {
            let err = BufferSink()
            let code = CommandLineTool.run(arguments: arguments, rules: Linter.defaultRules, workingDirectory: folder.root,
                                           stdout: FullSink(), stderr: err)
            XCTAssertEqual(code, 2, "\(arguments)")
            XCTAssertTrue(err.text.hasSuffix("keychain-lint: error: cannot write to stdout: No space left on device\n"), err.text)
        }
    }

    func testTheExecutableWritingToDevFullExits2() throws {
        let bin = try availableOrSkip(BuiltExecutable.path(), "no keychain-lint beside \(BuiltExecutable.searchedFolder)")
        let full = try availableOrSkip(FileHandle(forWritingAtPath: "/dev/full"), "/dev/full is a Linux device")
        let folder = try ScratchFolder("devfull")
        folder.write("A.swift", "func f() { SecItemDelete([kSecClass: kSecClassGenericPassword] as CFDictionary) }\n")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: bin)
        process.arguments = ["--format", "sarif", "."]
        process.currentDirectoryURL = URL(fileURLWithPath: folder.root)
        process.standardOutput = full
        let err = Pipe()
        process.standardError = err
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 2, message)
        XCTAssertTrue(message.contains("keychain-lint: error: cannot write to stdout: No space left on device\n"), message)
    }
}
