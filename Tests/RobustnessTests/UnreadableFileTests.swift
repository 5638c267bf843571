import Foundation
import XCTest
import KeychainLintTestSupport

/// A file that cannot be read (permissions 000) is skipped with a warning and the rest is linted.
/// Root reads anything, so under root the executable is run as `nobody` through `setpriv`.
final class UnreadableFileTests: XCTestCase {
    func testAnUnreadableFileIsSkippedWithAWarningAndTheRestLinted() throws {
        let bin = try BuiltExecutable.required()
        let root = "/tmp/kl-unreadable-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        defer { try? FileManager.default.removeItem(atPath: root) }
        for name in ["Locked", "Open"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: root + "/\(name).swift", contents: Data("let a = kSecAttrAccessibleAlways\n".utf8),
                                                         attributes: [.posixPermissions: 0o644]))
        }
        XCTAssertEqual(chmod(root + "/Locked.swift", 0), 0)

        let p = Process()
        if getuid() == 0 {
            try skipUnlessAvailable(FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "root without setpriv (util-linux)")
            // The binary must be reachable by nobody: it lives under the build folder, which may not be.
            let copy = root + "/keychain-lint"
            try FileManager.default.copyItem(atPath: bin, toPath: copy)
            p.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            p.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", copy, "."]
        } else {
            p.executableURL = URL(fileURLWithPath: bin)
            p.arguments = ["."]
        }
        p.currentDirectoryURL = URL(fileURLWithPath: root)
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        try skipUnlessAvailable(!stderr.contains("error while loading shared libraries"),
                                "the toolchain's libraries are not readable by nobody: \(stderr)")
        XCTAssertEqual(p.terminationStatus, 1, "a file nobody could read fails the run: \(stderr)")
        XCTAssertTrue(stdout.hasPrefix("./Open.swift:1:9: warning:"), stdout)
        XCTAssertFalse(stdout.contains("Locked"), stdout)
        XCTAssertTrue(stderr.contains("keychain-lint: error: cannot read ./Locked.swift: permission denied\n"), stderr)
        XCTAssertTrue(stderr.contains("; 1 file could not be read\n"), stderr)
    }
}
