import Foundation
import XCTest
import KeychainLint
@testable import KeychainLintCLI

/// What SwiftLint and ruff users type: `lint`, `--reporter`, colour on a terminal, `--enable all`,
/// "did you mean" for a mistyped option, a YAML configuration that would be ignored.
final class FamiliarOptionsTests: CLITestCase {
    /// A sink that says it is a terminal, as the process's stdout on one does.
    private final class TerminalSink: OutputSink, @unchecked Sendable {
        private(set) var text = ""
        var isTerminal: Bool { true }
        func write(_ text: String) { self.text += text }
    }

    private func runOnTerminal(_ args: [String], env: [String: String] = [:]) -> String {
        let out = TerminalSink()
        _ = CommandLineTool.run(arguments: args, environment: env, rules: Self.testRules, workingDirectory: root,
                                stdout: out, stderr: BufferSink())
        return out.text
    }

    func testLintIsTheDefaultCommand() {
        write("A.swift", "kSecBad\n")
        let plain = run(["A.swift"]), named = run(["lint", "A.swift"])
        XCTAssertEqual(named.out, plain.out)
        XCTAssertEqual(named.code, plain.code)
        XCTAssertEqual(named.code, 1)
        mkdir("lint")
        write("lint/B.swift", "kSecWarn\n")
        XCTAssertEqual(run(["./lint"]).out, "./lint/B.swift:1:1: warning: warn thing [test-warn]\n", "a folder named lint is ./lint")
    }

    func testReporterIsFormat() {
        write("A.swift", "kSecBad\n")
        XCTAssertEqual(run(["--reporter", "json", "A.swift"]).out, run(["--format", "json", "A.swift"]).out)
        XCTAssertEqual(run(["--reporter=sarif", "A.swift"]).out, run(["--format=sarif", "A.swift"]).out)
        XCTAssertEqual(run(["--reporter", "yaml", "A.swift"]).code, 2)
    }

    func testColourOnATerminalUnlessNoColourAndOnlyWhenAsked() {
        write("A.swift", "kSecBad\nkSecWarn\n")
        let coloured = runOnTerminal(["A.swift"])
        XCTAssertEqual(coloured, "\u{1B}[1mA.swift:1:1:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m bad thing \u{1B}[2m[test-bad]\u{1B}[0m\n"
                       + "\u{1B}[1mA.swift:2:1:\u{1B}[0m \u{1B}[1;33mwarning:\u{1B}[0m warn thing \u{1B}[2m[test-warn]\u{1B}[0m\n")
        let plain = "A.swift:1:1: error: bad thing [test-bad]\nA.swift:2:1: warning: warn thing [test-warn]\n"
        XCTAssertEqual(runOnTerminal(["A.swift"], env: ["NO_COLOR": "1"]), plain)
        XCTAssertEqual(runOnTerminal(["--no-color", "A.swift"]), plain)
        XCTAssertEqual(runOnTerminal(["--color", "never", "A.swift"]), plain)
        XCTAssertEqual(runOnTerminal(["A.swift"], env: ["TERM": "dumb"]), plain)
        XCTAssertEqual(run(["A.swift"]).out, plain, "not a terminal: no colour")
        XCTAssertEqual(run(["--color", "always", "A.swift"]).out, coloured)
        XCTAssertFalse(runOnTerminal(["--format", "json", "A.swift"]).contains("\u{1B}"), "only the default report is coloured")
        let bad = run(["--color", "sometimes", "A.swift"])
        XCTAssertEqual(bad.code, 2)
        XCTAssertTrue(bad.err.contains("unknown --color 'sometimes' (expected one of: auto, always, never)"), bad.err)
    }

    func testEnableAllTurnsOnEveryRule() {
        write("A.swift", "let q = [kSecClass: kSecClassGenericPassword]\nfunc f() { SecItemDelete(q as CFDictionary) }\n")
        let all = run(["--enable", "all", "--only", "all", "A.swift"], rules: Linter.defaultRules)
        XCTAssertEqual(all.code, 0, all.err)
        let plain = run(["A.swift"], rules: Linter.defaultRules)
        XCTAssertFalse(plain.out.contains("[broad-delete]"), "broad-delete is off by default")
        XCTAssertTrue(run(["--enable", "all", "A.swift"], rules: Linter.defaultRules).out.contains("[broad-delete]"))
        XCTAssertEqual(run(["--disable", "all", "A.swift"], rules: Linter.defaultRules).out, "")
    }

    func testAMistypedOptionGetsTheClosestOne() {
        let r = run(["--unsafe-fix", "."])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.hasPrefix("keychain-lint: error: unknown option '--unsafe-fix'; did you mean '--unsafe-fixes'?\n"), r.err)
        XCTAssertTrue(run(["--formt", "json"]).err.contains("did you mean '--format'?"))
        XCTAssertFalse(run(["--completely-unrelated-thing"]).err.contains("did you mean"))
    }

    func testAYAMLConfigurationIsAnErrorNotIgnored() {
        write("A.swift", "kSecWarn\n")
        write(".keychain-lint.yml", "disabled_rules:\n  - test-warn\n")
        let r = run(["."])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.contains(".keychain-lint.yml: keychain-lint reads its configuration from .keychain-lint.json (JSON), not YAML"), r.err)
        write("Sub/.keychain-lint.yaml", "x: 1\n")
        write("Sub/B.swift", "kSecWarn\n")
        XCTAssertEqual(run(["."]).code, 2, "also deeper in the tree")
        write(".keychain-lint.json", "{}\n")
        write("Sub/.keychain-lint.json", "{}\n")
        XCTAssertEqual(run(["."]).code, 0, "beside a JSON file, a YAML one is another tool's business")
    }
}
