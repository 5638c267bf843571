import Foundation
import XCTest
import KeychainLintCLI
import KeychainLintSyntax

/// The command line's options, and parallel runs against sequential ones.
final class CLIOptionsTests: CLITestCase {
    // MARK: options

    func testUnknownOption() {
        let r = run(["--bogus", "."])
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(r.out, "")
        XCTAssertEqual(r.err, "keychain-lint: error: unknown option '--bogus'\nRun 'keychain-lint --help' for usage.\n")
        XCTAssertEqual(run(["-x"]).code, 2)
        XCTAssertEqual(run(["--bogus=1"]).code, 2)
    }

    func testOptionValueErrors() {
        for args in [["--format"], ["--format="], ["--format", "xml"], ["--format=xml"], ["--platform"],
                     ["--platform", "android"], ["--help=yes"], ["--version=2"]] {
            let r = run(args)
            XCTAssertEqual(r.code, 2, "\(args)")
            XCTAssertEqual(r.out, "", "\(args)")
            XCTAssertTrue(r.err.hasPrefix("keychain-lint: error: "), "\(args): \(r.err)")
            XCTAssertTrue(r.err.contains("--help"), "\(args): \(r.err)")
        }
        XCTAssertTrue(run(["--format", "xml"]).err.contains("unknown format 'xml' (expected one of: xcode, json, sarif, github, checkstyle, junit, codeclimate, summary)"))
        XCTAssertTrue(run(["--format"]).err.contains("option '--format' needs a value"))
    }

    func testHelp() {
        for flag in ["--help", "-h"] {
            let r = run([flag, "--bogus"])
            XCTAssertEqual(r.code, 0)
            XCTAssertEqual(r.out, Options.usage)
            XCTAssertEqual(r.err, "")
        }
        let usage = Options.usage
        XCTAssertTrue(usage.hasPrefix("OVERVIEW:"))
        XCTAssertTrue(usage.hasSuffix("\n"))
        for word in ["USAGE: keychain-lint [lint] [options] [PATH ...]", "--format", "--platform", "--version",
                     "xcode", "json", "macos|ios|tvos|watchos|visionos"] {
            XCTAssertTrue(usage.contains(word), word)
        }
    }

    func testVersion() {
        let r = run(["--version"])
        XCTAssertEqual(r.code, 0)
        XCTAssertEqual(r.out, "keychain-lint 0.1.0\n")
        XCTAssertEqual(r.out, "keychain-lint \(CommandLineTool.version)\n")
        XCTAssertEqual(r.err, "")
    }

    func testDoubleDashEndsOptions() {
        write("--odd.swift", "kSecBad\n")
        write("-x.swift", "kSecWarn\n")
        let r = run(["--", "--odd.swift", "-x.swift"])
        XCTAssertEqual(paths(r), ["--odd.swift", "-x.swift"])
    }

    func testParseOptions() throws {
        var o = try Options.parse([])
        XCTAssertEqual(o.paths, ["."])
        XCTAssertEqual(o.format, "xcode")
        XCTAssertNil(o.platforms)
        o = try Options.parse(["--format=json", "a", "--platform", "ios", "b", "--platform=watchOS", "--format", "xcode"])
        XCTAssertEqual(o.paths, ["a", "b"])
        XCTAssertEqual(o.format, "xcode", "the last --format wins")
        XCTAssertEqual(o.platforms, [.iOS, .watchOS])
        XCTAssertThrowsError(try Options.parse(["--platform", "linux"]))
    }

    func testPlatformOptionOverridesForEveryFile() {
        write("A.swift", "kSecPlat\n")
        write("sub/B.swift", "kSecPlat\n")
        XCTAssertEqual(run(["--platform", "ios", "--platform=macos", "."]).out, """
        ./A.swift:1:1: warning: macos,ios [test-plat]
        ./sub/B.swift:1:1: warning: macos,ios [test-plat]

        """)
        XCTAssertEqual(run(["--platform", "watchos", "A.swift"]).out, "A.swift:1:1: warning: watchos [test-plat]\n")
        // Without --platform the project resolver decides (.all when no project file says).
        XCTAssertEqual(run(["A.swift"]).out, "A.swift:1:1: warning: macos,ios,tvos,watchos,visionos [test-plat]\n")
    }

    // MARK: parallelism

    func testParallelOutputIsIdenticalToSequential() {
        for i in 0..<300 {
            var text = ""
            for line in 0..<(i % 7) { text += line % 2 == 0 ? "  kSecBad kSecWarn\n" : "kSecWarn\n" }
            if i % 13 == 0 { text += "kSecMsg\n" }
            write("Dir\(i % 5)/Sub\(i % 3)/F\(i).swift", text)
        }
        write("Dir0/Broken.swift", bytes: [0x6B, 0x53, 0x65, 0x63, 0xC0, 0xAF])
        for format in ["xcode", "json"] {
            let sequential = run(["--format", format, "."], env: ["KEYCHAIN_LINT_JOBS": "1"])
            let parallel = run(["--format", format, "."])
            XCTAssertEqual(parallel.code, sequential.code)
            XCTAssertEqual(parallel.out, sequential.out)
            XCTAssertEqual(parallel.stableErr, sequential.stableErr)
            XCTAssertTrue(parallel.stableErr.hasPrefix("keychain-lint: error: cannot read ./Dir0/Broken.swift: not valid UTF-8\nLinted 300 files:"), parallel.stableErr)
            for _ in 0..<3 { XCTAssertEqual(run(["--format", format, "."]).out, sequential.out) }
        }
    }
}
