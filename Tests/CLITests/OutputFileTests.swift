import Foundation
import XCTest
import KeychainLint
import KeychainLintCLI

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
