import Foundation
import XCTest
import KeychainLintProject

/// Files that cannot be read or are not UTF-8 (the validator itself is tested in ProjectTests).
final class CLIInputTests: CLITestCase {
    // MARK: unreadable input

    func testInvalidUTF8FileIsNotLintedAndFailsTheRun() {
        write("Good.swift", "kSecWarn\n")
        write("Bad.swift", bytes: Array("kSecBad \"".utf8) + [0xFF, 0xFE] + Array("\"\n".utf8))
        let r = run(["."])
        XCTAssertEqual(r.code, 1, "a file nobody looked at fails the run")
        XCTAssertEqual(r.out, "./Good.swift:1:1: warning: warn thing [test-warn]\n")
        XCTAssertEqual(r.stableErr, """
        keychain-lint: error: cannot read ./Bad.swift: not valid UTF-8
        Linted 1 file: 0 errors, 1 warning in T s; 1 file could not be read

        """)
    }

    func testByteOrderMarkIsFine() {
        write("Bom.swift", bytes: [0xEF, 0xBB, 0xBF] + Array("kSecBad\n".utf8))
        let r = run(["Bom.swift"])
        XCTAssertEqual(r.out, "Bom.swift:1:1: error: bad thing [test-bad]\n")
        XCTAssertFalse(r.err.contains("keychain-lint: warning"))
    }

    func testUnreadableFile() {
        write("Locked.swift", "kSecBad\n")
        write("Open.swift", "kSecWarn\n")
        chmod(root + "/Locked.swift", 0)
        let walked = run(["."])
        let explicit = run(["Locked.swift"])
        if isRoot {
            // Root reads anything: the permission check cannot be exercised; the run must still work.
            XCTAssertEqual(walked.code, 1)
            XCTAssertEqual(paths(walked), ["./Locked.swift", "./Open.swift"])
            XCTAssertEqual(explicit.code, 1)
        } else {
            XCTAssertEqual(walked.code, 0)
            XCTAssertEqual(paths(walked), ["./Open.swift"])
            XCTAssertTrue(walked.err.contains("keychain-lint: warning: skipping ./Locked.swift: permission denied\n"), walked.err)
            XCTAssertEqual(explicit.code, 2)
            XCTAssertTrue(explicit.err.contains("keychain-lint: error: permission denied: Locked.swift\n"), explicit.err)
        }
    }

    func testUnreadableFolder() {
        write("Locked/A.swift", "kSecBad\n")
        write("Open/B.swift", "kSecWarn\n")
        chmod(root + "/Locked", 0)
        let r = run(["."])
        if isRoot {
            XCTAssertEqual(paths(r), ["./Locked/A.swift", "./Open/B.swift"])
        } else {
            XCTAssertEqual(r.code, 0)
            XCTAssertEqual(paths(r), ["./Open/B.swift"])
            XCTAssertTrue(r.err.contains("keychain-lint: warning: skipping ./Locked: permission denied\n"), r.err)
        }
    }

    func testFileReaderReportsErrors() {
        XCTAssertEqual(FileReader.read(root + "/missing.swift"), .failure(.system(ENOENT)))
        XCTAssertEqual(FileReader.read(root), .failure(.system(EISDIR)))
        // A FIFO no one writes to: refused at once instead of waiting for a writer.
        XCTAssertEqual(mkfifo(root + "/pipe.swift", 0o644), 0)
        XCTAssertEqual(FileReader.read(root + "/pipe.swift"), .failure(.system(FileReader.notARegularFile)))
        XCTAssertEqual(FileDiscovery.describe(FileReader.notARegularFile), "not a regular file")
        let big = [UInt8](repeating: 0x61, count: 200_000)
        write("big.swift", bytes: big)
        XCTAssertEqual(FileReader.read(root + "/big.swift"), .success(big))
        write("empty.swift", "")
        XCTAssertEqual(FileReader.read(root + "/empty.swift"), .success([]))
        // 2 GiB, sparse: refused by its size before a byte is read (token offsets are 32-bit).
        write("huge.swift", "")
        XCTAssertEqual(truncate(root + "/huge.swift", off_t(Int32.max)), 0)
        XCTAssertEqual(FileReader.read(root + "/huge.swift"), .failure(.system(EFBIG)))
    }

    func testMissingPathExitsTwoAfterLintingTheRest() {
        write("A.swift", "kSecWarn\n")
        let r = run(["nope", "A.swift", "gone/"])
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(r.out, "A.swift:1:1: warning: warn thing [test-warn]\n")
        XCTAssertEqual(r.stableErr, """
        keychain-lint: error: no such file or directory: nope
        keychain-lint: error: no such file or directory: gone/
        Linted 1 file: 0 errors, 1 warning in T s

        """)
        XCTAssertEqual(run(["A.swift/"]).code, 2, "a file with a trailing slash is not a folder")
    }

    func testMissingPathWinsOverErrorFindings() {
        write("A.swift", "kSecBad\n")
        XCTAssertEqual(run(["A.swift", "nope"]).code, 2)
    }
}
