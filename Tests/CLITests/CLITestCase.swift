import Foundation
import XCTest
import KeychainLint
import KeychainLintCLI
import KeychainLintModel
import KeychainLintRules


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
struct BadRule: Rule {
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

private let fixtureAwkwardMessage = "say \"hi\" \\ back\nnew line\ttab \u{01}\u{1F} caf\u{E9} \u{1F511} \u{2028}end"

/// Reports every `kSecMsg` with a message full of characters JSON must escape.
private struct MessageRule: Rule {
    static let description = testDescription("test-msg")
    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        for o in offsets(of: "kSecMsg", in: file.source.bytes) { findings.report(at: o, fixtureAwkwardMessage) }
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

private let fixtureRules: [ActiveRule] = [
    ActiveRule(rule: BadRule(), severity: .error),
    ActiveRule(rule: WarnRule(), severity: .warning),
    ActiveRule(rule: MessageRule(), severity: .warning),
    ActiveRule(rule: PlatformRule(), severity: .warning),
]

// MARK: - The fixture

/// The CLI run in-process on a temporary folder with test-only rules. The CLI tests are split by
/// topic into subclasses (`CLIOutputTests`, `CLIPathTests`, `CLIInputTests`, `CLIOptionsTests`).
class CLITestCase: XCTestCase {
    /// Four rules that report literal markers (`kSecBad`, `kSecWarn`, `kSecMsg`, `kSecPlat`).
    static let testRules = fixtureRules
    /// The message `kSecMsg` reports, full of characters every format must escape.
    static let awkwardMessage = fixtureAwkwardMessage

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

    func run(_ args: [String], env: [String: String] = [:], rules: [ActiveRule] = CLITestCase.testRules) -> RunResult {
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
}
