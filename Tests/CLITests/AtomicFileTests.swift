import Foundation
import XCTest
import KeychainLint
@testable import KeychainLintCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reports and baselines are replaced whole. While one is written it has no name in the folder
/// (so a killed run leaves nothing behind), and a rewritten file keeps its permissions.
final class AtomicFileTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "kl-atomic-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    private func mode(_ path: String) -> mode_t {
        var st = stat()
        XCTAssertEqual(stat(path, &st), 0, path)
        return st.st_mode & 0o7777
    }

    private func lint(writing report: String) -> Int32 {
        try! "func f() {}\n".write(toFile: root + "/A.swift", atomically: true, encoding: .utf8)
        return CommandLineTool.run(arguments: ["--output", "json=\(report)", "A.swift"], rules: Linter.defaultRules,
                                   workingDirectory: root, stdout: BufferSink(), stderr: BufferSink())
    }

    func testARewrittenReportKeepsItsMode() throws {
        for old: mode_t in [0o600, 0o640, 0o664] {
            try "old".write(toFile: root + "/r.json", atomically: true, encoding: .utf8)
            XCTAssertEqual(chmod(root + "/r.json", old), 0)
            XCTAssertEqual(lint(writing: "r.json"), 0)
            XCTAssertEqual(mode(root + "/r.json"), old, String(old, radix: 8))
            XCTAssertTrue(try String(contentsOfFile: root + "/r.json", encoding: .utf8).hasPrefix("{\"version\":1,"))
        }
    }

    func testANewReportGetsTheModeTheUmaskAllows() {
        let mask = umask(0o027)
        defer { umask(mask) }
        XCTAssertEqual(lint(writing: "new.json"), 0)
        XCTAssertEqual(mode(root + "/new.json"), 0o640)
    }

    /// The portable path (`mkstemp`, made 0600) gives the file the same modes.
    func testTheNamedTemporaryFileGetsTheSameModes() throws {
        try "old".write(toFile: root + "/r.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(root + "/r.json", 0o640), 0)
        var during: [String] = []
        try AtomicFile.replace(root + "/r.json", with: "new", whileWriting: {
            during = (try? FileManager.default.contentsOfDirectory(atPath: self.root)) ?? []
        }, unnamed: false)
        XCTAssertEqual(during.count, 2, "the named temporary file exists while it is written")
        XCTAssertEqual(mode(root + "/r.json"), 0o640)
        XCTAssertEqual(try String(contentsOfFile: root + "/r.json", encoding: .utf8), "new")
        let mask = umask(0o027)
        defer { umask(mask) }
        try AtomicFile.replace(root + "/fresh.json", with: "new", unnamed: false)
        XCTAssertEqual(mode(root + "/fresh.json"), 0o640)
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: root)), ["r.json", "fresh.json"])
    }

    func testNothingIsNamedInTheFolderWhileTheTextIsWritten() throws {
        try "old".write(toFile: root + "/r.json", atomically: true, encoding: .utf8)
        var during: [String] = []
        try AtomicFile.replace(root + "/r.json", with: String(repeating: "x", count: 1 << 20)) {
            during = (try? FileManager.default.contentsOfDirectory(atPath: self.root)) ?? []
        }
        XCTAssertEqual(during, ["r.json"], "only the old file, untouched, while the new text is written")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root), ["r.json"])
        XCTAssertEqual(try String(contentsOfFile: root + "/r.json", encoding: .utf8).count, 1 << 20)
    }
}
