import Foundation
import XCTest
@testable import KeychainLint
@testable import KeychainLintProject
@testable import KeychainLintSyntax
@testable import KeychainLintCLI
import KeychainLintModel
import KeychainLintReporters
import KeychainLintRules

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Test-only rules

/// Every byte offset at which `needle` starts in `bytes`.
private func offsets(of needle: String, in bytes: [UInt8]) -> [Int] {
    let n = Array(needle.utf8)
    guard bytes.count >= n.count else { return [] }
    var result: [Int] = []
    var i = 0
    while i <= bytes.count - n.count {
        if bytes[i] == n[0] && Array(bytes[i..<(i + n.count)]) == n { result.append(i) }
        i += 1
    }
    return result
}

private func testDescription(_ id: String) -> RuleDescription {
    RuleDescription(id: id, defaultSeverity: .error, summary: "test", rationale: "test", howToFix: "test",
                    triggering: [], nonTriggering: [])
}

/// Reports every `kSecBad`.
private struct BadRule: Rule {
    static let description = testDescription("test-bad")
    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        for o in offsets(of: "kSecBad", in: file.source.bytes) { findings.report(at: o, "bad thing") }
    }
}

/// Reports every `kSecWarn`.
private struct WarnRule: Rule {
    static let description = testDescription("test-warn")
    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        for o in offsets(of: "kSecWarn", in: file.source.bytes) { findings.report(at: o, "warn thing") }
    }
}

private let awkwardMessage = "say \"hi\" \\ back\nnew line\ttab \u{01}\u{1F} caf\u{E9} \u{1F511} \u{2028}end"

/// Reports every `kSecMsg` with a message full of characters JSON must escape.
private struct MessageRule: Rule {
    static let description = testDescription("test-msg")
    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        for o in offsets(of: "kSecMsg", in: file.source.bytes) { findings.report(at: o, awkwardMessage) }
    }
}

/// Reports every `kSecPlat` with the file's platforms as the message.
private struct PlatformRule: Rule {
    static let description = testDescription("test-plat")
    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        for o in offsets(of: "kSecPlat", in: file.source.bytes) {
            findings.report(at: o, file.platforms.platforms.map(\.rawValue).joined(separator: ","))
        }
    }
}

private let testRules: [ActiveRule] = [
    ActiveRule(rule: BadRule(), severity: .error),
    ActiveRule(rule: WarnRule(), severity: .warning),
    ActiveRule(rule: MessageRule(), severity: .warning),
    ActiveRule(rule: PlatformRule(), severity: .warning),
]

// MARK: - Tests

final class CLITests: XCTestCase {
    struct RunResult {
        var code: Int32
        var out: String
        var err: String
        /// stderr without the summary's time, which varies.
        var stableErr: String {
            err.replacingOccurrences(of: #"in \d+\.\d\d s"#, with: "in T s", options: .regularExpression)
        }
    }

    var root = ""

    override func setUpWithError() throws {
        let base = FileManager.default.temporaryDirectory.path
        root = (base.hasSuffix("/") ? base : base + "/") + "kl-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        // Restore permissions a test may have removed, so the tree can be deleted.
        if let e = FileManager.default.enumerator(atPath: root) {
            for case let rel as String in e { chmod(root + "/" + rel, 0o755) }
        }
        try? FileManager.default.removeItem(atPath: root)
    }

    // MARK: helpers

    @discardableResult
    func write(_ rel: String, _ text: String) -> String {
        write(rel, bytes: Array(text.utf8))
    }

    @discardableResult
    func write(_ rel: String, bytes: [UInt8]) -> String {
        let path = root + "/" + rel
        let dir = (path as NSString).deletingLastPathComponent
        try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    func mkdir(_ rel: String) {
        try! FileManager.default.createDirectory(atPath: root + "/" + rel, withIntermediateDirectories: true)
    }

    func symlink(_ rel: String, to destination: String) {
        try! FileManager.default.createSymbolicLink(atPath: root + "/" + rel, withDestinationPath: destination)
    }

    func run(_ args: [String], env: [String: String] = [:], rules: [ActiveRule] = testRules) -> RunResult {
        let out = BufferSink()
        let err = BufferSink()
        let code = CommandLineTool.run(arguments: args, environment: env, rules: rules,
                                       workingDirectory: root, stdout: out, stderr: err)
        return RunResult(code: code, out: out.text, err: err.text)
    }

    /// Output paths of the xcode format, in order.
    func paths(_ r: RunResult) -> [String] {
        r.out.split(separator: "\n").map { line -> String in
            guard let m = line.range(of: #":\d+:\d+: (error|warning): "#, options: .regularExpression) else {
                XCTFail("not an xcode line: \(line)")
                return String(line)
            }
            return String(line[..<m.lowerBound])
        }
    }

    var isRoot: Bool { getuid() == 0 }

    // MARK: output format

    func testXcodeFormatLinesAreExact() {
        write("A.swift", "let a = 1\n    kSecBad + kSecWarn\n")
        let r = run(["A.swift"])
        XCTAssertEqual(r.out, """
        A.swift:2:5: error: bad thing [test-bad]
        A.swift:2:15: warning: warn thing [test-warn]

        """)
        XCTAssertEqual(r.code, 1)
        XCTAssertEqual(r.stableErr, "Linted 1 file: 1 error, 1 warning in T s\n")
    }

    func testXcodeReporterKeepsOneFindingPerLine() {
        let f = Finding(ruleID: "r", severity: .warning, message: "a\nb\r\nc\rd", path: "p.swift", line: 1, column: 2)
        XCTAssertEqual(XcodeReporter().report(LintResult(filesLinted: 1, findings: [f])),
                       "p.swift:1:2: warning: a b c d [r]\n")
        XCTAssertEqual(XcodeReporter().report(LintResult(filesLinted: 3, findings: [])), "")
        let two = [Finding(ruleID: "r", severity: .error, message: "é \u{1F600}", path: "d\nir/ü.swift", line: 10, column: 123),
                   Finding(ruleID: "s", severity: .warning, message: "plain", path: "z.swift", line: 1234567, column: 1)]
        XCTAssertEqual(XcodeReporter().report(LintResult(filesLinted: 2, findings: two)),
                       "d ir/ü.swift:10:123: error: é \u{1F600} [r]\nz.swift:1234567:1: warning: plain [s]\n")
    }

    func testFindingsAreSortedAcrossFiles() {
        write("b.swift", "kSecWarn\nkSecBad kSecBad\n")
        write("a.swift", "\n\nkSecBad\n")
        write("a/z.swift", "kSecWarn\n")
        write("c.swift", "kSecBad\n")
        let r = run(["c.swift", "."])
        XCTAssertEqual(r.out, """
        ./a.swift:3:1: error: bad thing [test-bad]
        ./a/z.swift:1:1: warning: warn thing [test-warn]
        ./b.swift:1:1: warning: warn thing [test-warn]
        ./b.swift:2:1: error: bad thing [test-bad]
        ./b.swift:2:9: error: bad thing [test-bad]
        ./c.swift:1:1: error: bad thing [test-bad]
        c.swift:1:1: error: bad thing [test-bad]

        """)
    }

    // MARK: paths

    func testOutputPathsKeepTheArgumentAsWritten() {
        write("Sources/App/A.swift", "kSecBad\n")
        XCTAssertEqual(paths(run(["Sources"])), ["Sources/App/A.swift"])
        XCTAssertEqual(paths(run(["./Sources"])), ["./Sources/App/A.swift"])
        XCTAssertEqual(paths(run(["Sources/"])), ["Sources/App/A.swift"])
        XCTAssertEqual(paths(run(["Sources//"])), ["Sources/App/A.swift"])
        XCTAssertEqual(paths(run(["Sources/App/A.swift"])), ["Sources/App/A.swift"])
        XCTAssertEqual(paths(run(["./Sources/../Sources/App"])), ["./Sources/../Sources/App/A.swift"])
        XCTAssertEqual(paths(run([root + "/Sources"])), [root + "/Sources/App/A.swift"])
        XCTAssertEqual(paths(run([root + "/Sources/"])), [root + "/Sources/App/A.swift"])
        XCTAssertEqual(paths(run([])), ["./Sources/App/A.swift"], "default path is .")
    }

    func testFileSystemRootDoesNotDoubleSlash() {
        XCTAssertEqual(FileDiscovery.trimmingTrailingSlashes("/"), "/")
        XCTAssertEqual(FileDiscovery.trimmingTrailingSlashes("//"), "/")
        XCTAssertEqual(FileDiscovery.trimmingTrailingSlashes("a/"), "a")
        XCTAssertEqual(FileDiscovery.trimmingTrailingSlashes("."), ".")
    }

    func testAProcessRelativeRunWithoutWorkingDirectory() {
        // With no working directory injected, relative paths are the process's; absolute ones work as is.
        write("Abs/A.swift", "kSecBad\n")
        let out = BufferSink(), err = BufferSink()
        let code = CommandLineTool.run(arguments: [root + "/Abs"], rules: testRules, stdout: out, stderr: err)
        XCTAssertEqual(code, 1)
        XCTAssertEqual(out.text, "\(root)/Abs/A.swift:1:1: error: bad thing [test-bad]\n")
    }

    func testDuplicateArgumentsLintAFileOnce() {
        write("Sources/App/A.swift", "kSecBad\n")
        let r = run(["Sources", "Sources/App/A.swift", "Sources/App", "Sources/"])
        XCTAssertEqual(paths(r), ["Sources/App/A.swift"])
        XCTAssertTrue(r.err.hasPrefix("Linted 1 file:"), r.err)
    }

    // MARK: discovery

    func testSkippedFoldersAreNotEntered() {
        write("App/A.swift", "kSecBad\n")
        for skipped in [".build", "DerivedData", "Pods", "Carthage", ".swiftpm", ".git", ".hidden", "App/.cache"] {
            write("\(skipped)/X.swift", "kSecBad\n")
            write("\(skipped)/deep/Y.swift", "kSecBad\n")
        }
        write("NotSwift.txt", "kSecBad\n")
        write("App/B.swift.orig", "kSecBad\n")
        let r = run(["."])
        XCTAssertEqual(paths(r), ["./App/A.swift"])
        XCTAssertTrue(r.err.hasPrefix("Linted 1 file: 1 error"), r.err)
    }

    func testSkippedFolderNamedAsArgumentIsWalked() {
        write("Pods/Lib/X.swift", "kSecBad\n")
        write("Pods/.build/Y.swift", "kSecBad\n")
        XCTAssertEqual(paths(run(["Pods"])), ["Pods/Lib/X.swift"])
    }

    func testExplicitFileIsAlwaysLinted() {
        write(".build/checkouts/Gen.swift", "kSecBad\n")
        write("Pods/script.txt", "kSecWarn\n")
        let r = run([".build/checkouts/Gen.swift", "Pods/script.txt", "."])
        XCTAssertEqual(r.out, """
        .build/checkouts/Gen.swift:1:1: error: bad thing [test-bad]
        Pods/script.txt:1:1: warning: warn thing [test-warn]

        """)
    }

    func testDirectoryNamedLikeASwiftFileIsADirectory() {
        write("x.swift/Inner.swift", "kSecBad\n")
        write("x.swift/notes.md", "kSecBad\n")
        let r = run(["."])
        XCTAssertEqual(paths(r), ["./x.swift/Inner.swift"])
        XCTAssertFalse(r.err.contains("keychain-lint: warning"), r.err)
        XCTAssertEqual(paths(run(["x.swift"])), ["x.swift/Inner.swift"])
    }

    func testSymlinkLoopTerminatesAndFileLinksAreLinted() {
        write("a/A.swift", "kSecBad\n")
        symlink("a/loop", to: "..")            // a/loop → the root: a cycle if followed
        symlink("a/self", to: ".")              // a/self → a
        symlink("a/abs", to: root)              // absolute link to the root
        write("outside/Target.swift", "kSecWarn\n")
        symlink("a/Linked.swift", to: "../outside/Target.swift")
        symlink("a/Dangling.swift", to: "nowhere.swift")
        let r = run(["a"])
        XCTAssertEqual(paths(r), ["a/A.swift", "a/Linked.swift"])
        XCTAssertFalse(r.err.contains("keychain-lint: warning"), r.err)
        // From the root, the folder is walked once and the linked file is linted once, under its own name.
        XCTAssertEqual(paths(run(["."])), ["./a/A.swift", "./outside/Target.swift"])
    }

    func testSeveralLinksToOneFileLintItOnceAndExplicitLinksAlways() {
        write("outside/Target.swift", "kSecWarn\n")
        mkdir("a")
        symlink("a/Two.swift", to: "../outside/Target.swift")
        symlink("a/One.swift", to: "../outside/Target.swift")
        XCTAssertEqual(paths(run(["a"])), ["a/One.swift"], "the first link in path order")
        XCTAssertEqual(paths(run(["a", "a/Two.swift"])), ["a/One.swift", "a/Two.swift"], "a file argument is linted as named")
    }

    func testSymlinkArgumentToFolderIsFollowed() {
        write("real/A.swift", "kSecBad\n")
        symlink("link", to: "real")
        XCTAssertEqual(paths(run(["link"])), ["link/A.swift"])
    }

    func testDiscoveredFilesAreSorted() {
        for name in ["b", "a", "C", "a0", "a_"] { write("d/\(name).swift", "") }
        write("d/a/z.swift", "")
        let (targets, problems) = FileDiscovery(workingDirectory: root).discover(["d"])
        XCTAssertEqual(problems, [])
        XCTAssertEqual(targets.map(\.path), ["d/C.swift", "d/a.swift", "d/a/z.swift", "d/a0.swift", "d/a_.swift", "d/b.swift"])
    }

    // MARK: unreadable input

    func testInvalidUTF8FileIsSkippedWithAWarning() {
        write("Good.swift", "kSecWarn\n")
        write("Bad.swift", bytes: Array("kSecBad \"".utf8) + [0xFF, 0xFE] + Array("\"\n".utf8))
        let r = run(["."])
        XCTAssertEqual(r.code, 0, "a skipped file does not change the exit status")
        XCTAssertEqual(r.out, "./Good.swift:1:1: warning: warn thing [test-warn]\n")
        XCTAssertEqual(r.stableErr, """
        keychain-lint: warning: skipping ./Bad.swift: not valid UTF-8
        Linted 1 file: 0 errors, 1 warning in T s

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
        for word in ["USAGE: keychain-lint [options] [PATH ...]", "--format", "--platform", "--version",
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

    // MARK: JSON

    func testJSONOutputIsExact() throws {
        write("B.swift", "kSecWarn\n")
        write("A.swift", "x kSecBad\n")
        write("Empty.swift", "let x = 1\n")
        let r = run(["--format", "json", "."], rules: Array(testRules.prefix(2)))
        XCTAssertEqual(r.code, 1)
        let expected = #"{"version":1,"files":3,"findings":["#
            + #"{"ruleId":"test-bad","severity":"error","message":"bad thing","file":"./A.swift","line":1,"column":3},"#
            + #"{"ruleId":"test-warn","severity":"warning","message":"warn thing","file":"./B.swift","line":1,"column":1}"#
            + #"],"rules":["#
            + #"{"id":"test-bad","name":"TestBad","severity":"error","defaultSeverity":"error","summary":"test","#
            + #""rationale":"test","howToFix":"test","help":"rules/test-bad.md"},"#
            + #"{"id":"test-warn","name":"TestWarn","severity":"warning","defaultSeverity":"error","summary":"test","#
            + #""rationale":"test","howToFix":"test","help":"rules/test-warn.md"}"#
            + "]}\n"
        XCTAssertEqual(r.out, expected, "rules report the severity they ran at, which may differ from the default")

        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        XCTAssertEqual(object["version"] as? Int, 1)
        XCTAssertEqual(object["files"] as? Int, 3)
        let findings = try XCTUnwrap(object["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.count, 2)
        XCTAssertEqual(findings[0]["file"] as? String, "./A.swift")
        XCTAssertEqual(findings[0]["column"] as? Int, 3)

        // Key order, textually.
        func order(_ keys: [String], in text: Substring) -> Bool {
            let positions = keys.map { text.range(of: "\"\($0)\":")?.lowerBound }
            guard positions.allSatisfy({ $0 != nil }) else { return false }
            return zip(positions, positions.dropFirst()).allSatisfy { $0! < $1! }
        }
        XCTAssertTrue(order(["version", "files", "findings", "rules"], in: r.out[...]))
        let findingsPart = r.out[..<r.out.range(of: "\"rules\":")!.lowerBound]
        for chunk in findingsPart.components(separatedBy: "},{") {
            XCTAssertTrue(order(["ruleId", "severity", "message", "file", "line", "column"], in: chunk[...]), chunk)
        }
    }

    func testJSONWithNoFindings() {
        write("A.swift", "")
        XCTAssertEqual(run(["--format=json", "."], rules: []).out, "{\"version\":1,\"files\":1,\"findings\":[],\"rules\":[]}\n")
        XCTAssertEqual(run(["--format=json", "--", "nothing-here"], rules: []).out, "{\"version\":1,\"files\":0,\"findings\":[],\"rules\":[]}\n")
    }

    func testJSONEscapesMessagesAndPaths() throws {
        let name = "we\"ird\\ näme\t.swift"
        write(name, "kSecMsg\n")
        let r = run(["--format", "json", name])
        XCTAssertTrue(r.out.contains(#""message":"say \"hi\" \\ back\nnew line\ttab \u0001\u001f café 🔑 \u2028end""#), r.out)
        XCTAssertTrue(r.out.contains(#""file":"we\"ird\\ näme\t.swift""#), r.out)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let finding = try XCTUnwrap((object["findings"] as? [[String: Any]])?.first)
        XCTAssertEqual(finding["message"] as? String, awkwardMessage)
        XCTAssertEqual(finding["file"] as? String, name)
    }

    func testJSONWriterEscapesEveryControlCharacter() throws {
        var all = ""
        for v in 0..<0x80 { all.unicodeScalars.append(Unicode.Scalar(UInt8(v))) }
        all += "\u{7F}\u{80}\u{2028}\u{2029}\u{FFFF}\u{10FFFF}😀e\u{301}"
        let quoted = JSONWriter.quoted(all)
        XCTAssertFalse(quoted.unicodeScalars.contains { $0.value < 0x20 }, "no raw control character")
        XCTAssertTrue(quoted.hasPrefix(#""\u0000\u0001"#))
        XCTAssertTrue(quoted.contains(#"\b\t\n\u000b\f\r\u000e"#))
        let decoded = try XCTUnwrap(JSONSerialization.jsonObject(with: Data("[\(quoted)]".utf8)) as? [String])
        XCTAssertEqual(decoded, [all])
        XCTAssertEqual(JSONWriter.quoted("plain"), "\"plain\"")
        XCTAssertEqual(JSONWriter.quoted(""), "\"\"")
        XCTAssertEqual(JSONWriter.quoted("€"), "\"€\"", "a 0xE2 lead byte that is not U+2028/9 is copied")
    }

    // MARK: exit status and summary

    func testExitStatusFollowsErrorFindings() {
        write("W.swift", "kSecWarn kSecWarn\n")
        write("E.swift", "kSecBad\n")
        write("N.swift", "let x = 1\n")
        XCTAssertEqual(run(["W.swift"]).code, 0, "warnings alone pass")
        XCTAssertEqual(run(["N.swift"]).code, 0)
        XCTAssertEqual(run(["W.swift", "E.swift"]).code, 1)
        XCTAssertEqual(run(["--format", "json", "E.swift"]).code, 1)
        XCTAssertEqual(run(["E.swift"], rules: [ActiveRule(rule: BadRule(), severity: .warning)]).code, 0,
                       "the active severity decides")
        XCTAssertEqual(run(["E.swift"], rules: []).code, 0)
    }

    func testSummaryLine() {
        write("W.swift", "kSecWarn kSecWarn\n")
        write("E.swift", "kSecBad kSecBad kSecBad\n")
        let r = run(["."])
        XCTAssertEqual(r.stableErr, "Linted 2 files: 3 errors, 2 warnings in T s\n")
        XCTAssertNotNil(r.err.range(of: #"^Linted 2 files: 3 errors, 2 warnings in \d+\.\d\d s\n$"#, options: .regularExpression), r.err)
        XCTAssertEqual(CommandLineTool.summary(files: 1, errors: 1, warnings: 1, seconds: 1.234),
                       "Linted 1 file: 1 error, 1 warning in 1.23 s\n")
        XCTAssertEqual(CommandLineTool.summary(files: 0, errors: 0, warnings: 0, seconds: 0),
                       "Linted 0 files: 0 errors, 0 warnings in 0.00 s\n")
        XCTAssertEqual(CommandLineTool.summary(files: 12, errors: 2, warnings: 10, seconds: 61.005).prefix(38),
                       "Linted 12 files: 2 errors, 10 warnings")
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
            XCTAssertTrue(parallel.stableErr.hasPrefix("keychain-lint: warning: skipping ./Dir0/Broken.swift: not valid UTF-8\nLinted 300 files:"), parallel.stableErr)
            for _ in 0..<3 { XCTAssertEqual(run(["--format", format, "."]).out, sequential.out) }
        }
    }

    // MARK: UTF-8

    func testUTF8Validator() {
        let valid: [[UInt8]] = [
            [], Array("plain ascii, longer than eight bytes".utf8), Array("café 🔑 ✓ \u{10FFFF}".utf8),
            [0xEF, 0xBB, 0xBF, 0x61], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
            [0xEE, 0x80, 0x80], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
            Array("12345678".utf8) + [0xE2, 0x82, 0xAC] + Array("12345678".utf8),
        ]
        let invalid: [[UInt8]] = [
            [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0xC2, 0x41], [0xE0, 0x80, 0x80],
            [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xE1, 0x80], [0xF0, 0x80, 0x80, 0x80],
            [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xFE],
            [0xF0, 0x90, 0x80], Array("12345678".utf8) + [0xFF] + Array("12345678".utf8),
        ]
        for bytes in valid {
            XCTAssertTrue(UTF8Validator.isValid(bytes), "\(bytes)")
            XCTAssertNotNil(String(validating: bytes, as: UTF8.self), "\(bytes)")
        }
        for bytes in invalid {
            XCTAssertFalse(UTF8Validator.isValid(bytes), "\(bytes)")
            XCTAssertNil(String(validating: bytes, as: UTF8.self), "\(bytes)")
        }
        // Agrees with the standard library on every 1- and 2-byte sequence and on random 4-byte ones.
        for a in 0...255 {
            for b in 0...255 {
                let bytes: [UInt8] = [UInt8(a), UInt8(b)]
                XCTAssertEqual(UTF8Validator.isValid(bytes), String(validating: bytes, as: UTF8.self) != nil)
            }
        }
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 1...12, using: &rng)).map { _ in
                [UInt8.random(in: 0x80...0xFF, using: &rng), UInt8.random(in: 0...0xFF, using: &rng), 0x61][Int.random(in: 0...2, using: &rng)]
            }
            XCTAssertEqual(UTF8Validator.isValid(bytes), String(validating: bytes, as: UTF8.self) != nil, "\(bytes)")
        }
    }

    // MARK: reporters

    func testReporterRegistry() {
        XCTAssertEqual(ReporterRegistry.names, ["xcode", "json", "sarif", "github", "checkstyle", "junit", "codeclimate", "summary"])
        XCTAssertEqual(ReporterRegistry.defaultName, "xcode")
        XCTAssertTrue(ReporterRegistry.reporter(named: "json") is JSONReporter)
        XCTAssertTrue(ReporterRegistry.reporter(named: "sarif") is SARIFReporter)
        XCTAssertNil(ReporterRegistry.reporter(named: "xml"))
    }

    func testLintResultSortsAndCounts() {
        let f = { (p: String, l: Int, s: Severity) in Finding(ruleID: "r", severity: s, message: "m", path: p, line: l, column: 1) }
        let result = LintResult(filesLinted: 2, findings: [f("b", 1, .error), f("a", 2, .warning), f("a", 1, .error)])
        XCTAssertEqual(result.findings.map { "\($0.path)\($0.line)" }, ["a1", "a2", "b1"])
        XCTAssertEqual(result.errorCount, 2)
        XCTAssertEqual(result.warningCount, 1)
    }
}
