import Foundation
import XCTest
import KeychainLint
import KeychainLintCLI
import KeychainLintModel
import KeychainLintRules

/// Offers a fix that leaves its finding: `/**/` before every `kSecLoop`.
private struct LoopingFixRule: Rule {
    static let description = RuleDescription(id: "test-loop", defaultSeverity: .warning, summary: "test", rationale: "test",
                                             howToFix: "test", triggering: [], nonTriggering: [], requiredLiterals: ["kSecLoop"])
    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        let code = file.code
        for i in 0..<code.count where code.isIdentifier(i, "kSecLoop") {
            findings.report(at: code.offset(i), "loop", fix: Fix("comment", edits: [TextEdit(insert: "/**/", at: code.offset(i))]))
        }
    }
}

/// `--fix`, `--diff`/`--dry-run` and their use with `--stdin-filename`, end to end in a scratch project.
final class FixCommandTests: XCTestCase {
    private var project: TempProject!

    override func setUpWithError() throws {
        project = try TempProject("fix")
        project.write("Sources/Store.swift", store)
    }

    override func tearDown() { project = nil }

    private let store = """
    func save(_ token: Data) {
        SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "https://example.com", kSecAttrAccount: "a",
                    kSecAttrAccessible: kSecAttrAccessibleAlways, kSecValueData: token] as CFDictionary, nil)
    }

    """

    private let fixedStore = """
    func save(_ token: Data) {
        SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "https://example.com", kSecAttrAccount: "a",
                    kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock, kSecValueData: token, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
    }

    """

    /// Only the safe fix: the accessibility of an item being added (kSecUseDataProtectionKeychain
    /// would hide the items stored before in the file-based keychain).
    private let safelyFixedStore = """
    func save(_ token: Data) {
        SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "https://example.com", kSecAttrAccount: "a",
                    kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock, kSecValueData: token] as CFDictionary, nil)
    }

    """

    func testFixRewritesTheFileWithTheSafeFixesSaysWhatChangedAndWhatIsLeft() {
        let r = project.run(["--fix", "Sources"])
        XCTAssertEqual(project.read("Sources/Store.swift"), safelyFixedStore)
        XCTAssertTrue(r.err.contains("keychain-lint: fixed 1 issue in Sources/Store.swift (deprecated-accessibility)\n"), r.err)
        XCTAssertTrue(r.err.contains("keychain-lint: fixed 1 issue in 1 file (1 more with --unsafe-fixes)\n"), r.err)
        XCTAssertEqual(r.findings, ["Sources/Store.swift:2 unhandled-duplicate-item", "Sources/Store.swift:2 missing-data-protection-keychain",
                                    "Sources/Store.swift:2 generic-password-web-login"],
                       "what no fix removes, and what only an unsafe fix would, is reported")
        XCTAssertEqual(r.code, 0)
        let quiet = project.run(["--fix", "-q", "Sources"])
        XCTAssertEqual(quiet.err, "")
        XCTAssertEqual(project.read("Sources/Store.swift"), safelyFixedStore, "a second --fix leaves the unsafe fix alone")
    }

    func testUnsafeFixesApplyTheUnsafeFixesToo() {
        let r = project.run(["--fix", "--unsafe-fixes", "Sources"])
        XCTAssertEqual(project.read("Sources/Store.swift"), fixedStore)
        XCTAssertTrue(r.err.contains("keychain-lint: fixed 2 issues in Sources/Store.swift (deprecated-accessibility, missing-data-protection-keychain)\n"), r.err)
        XCTAssertTrue(r.err.contains("keychain-lint: fixed 2 issues in 1 file\n"), r.err)
        XCTAssertEqual(r.findings, ["Sources/Store.swift:2 unhandled-duplicate-item", "Sources/Store.swift:2 generic-password-web-login"])
        let diff = project.run(["--diff", "--unsafe-fixes", "Sources"])
        XCTAssertEqual(diff.out, "", "nothing left to fix")
    }

    func testUnsafeFixesAloneIsAUsageError() {
        let r = project.run(["--unsafe-fixes", "Sources"])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.contains("--unsafe-fixes takes effect only with --fix or --diff"), r.err)
        XCTAssertEqual(project.read("Sources/Store.swift"), store)
    }

    func testDiffAndDryRunPrintTheChangeAndWriteNothing() {
        for flag in ["--diff", "--dry-run"] {
            let r = project.run([flag, "Sources"])
            XCTAssertEqual(project.read("Sources/Store.swift"), store, flag)
            XCTAssertTrue(r.out.hasPrefix("--- a/Sources/Store.swift\n+++ b/Sources/Store.swift\n@@ -1,4 +1,4 @@\n"), r.out)
            XCTAssertTrue(r.out.contains("\n-                kSecAttrAccessible: kSecAttrAccessibleAlways, kSecValueData: token] as CFDictionary, nil)\n"), r.out)
            XCTAssertTrue(r.err.contains("keychain-lint: would fix 1 issue in 1 file (1 more with --unsafe-fixes)"), r.err)
            XCTAssertFalse(r.out.contains("kSecUseDataProtectionKeychain"), "the unsafe fix is not in the diff")
            XCTAssertEqual(r.code, 1, "something to fix")
        }
        let unsafe = project.run(["--diff", "--unsafe-fixes", "Sources"])
        XCTAssertTrue(unsafe.out.contains("kSecUseDataProtectionKeychain: true"), unsafe.out)
        XCTAssertTrue(unsafe.err.contains("keychain-lint: would fix 2 issues in 1 file\n"), unsafe.err)
        project.write("Sources/Store.swift", fixedStore)
        let clean = project.run(["--fix", "--diff", "Sources"])
        XCTAssertEqual(clean.out, "")
        XCTAssertEqual(clean.code, 0)
    }

    func testWithStdinTheFixedTextOrItsDiffGoesToStdout() {
        let fixed = project.run(["--fix", "--stdin-filename", "Sources/New.swift"], stdin: BufferInput(store))
        XCTAssertEqual(fixed.out, safelyFixedStore)
        XCTAssertEqual(fixed.code, 1, "findings are left")
        XCTAssertTrue(fixed.err.contains("Sources/New.swift:2:16: warning: No kSecUseDataProtectionKeychain"), fixed.err)
        XCTAssertTrue(fixed.err.contains("[generic-password-web-login]\n"), fixed.err)
        XCTAssertTrue(fixed.err.contains("keychain-lint: 1 unsafe fix not applied (--unsafe-fixes applies them)\n"), fixed.err)
        XCTAssertNil(project.read("Sources/New.swift"), "nothing is written")
        let unsafe = project.run(["--fix", "--unsafe-fixes", "--stdin-filename", "Sources/New.swift"], stdin: BufferInput(store))
        XCTAssertEqual(unsafe.out, fixedStore)
        XCTAssertFalse(unsafe.err.contains("missing-data-protection-keychain"), unsafe.err)
        let unchanged = project.run(["--fix", "--stdin-filename", "Sources/New.swift"], stdin: BufferInput("let x = 1\n"))
        XCTAssertEqual(unchanged.out, "let x = 1\n")
        XCTAssertEqual(unchanged.err, "")
        XCTAssertEqual(unchanged.code, 0, "nothing is left")
        let diff = project.run(["--diff", "--stdin-filename", "Sources/Store.swift"], stdin: BufferInput(store))
        XCTAssertTrue(diff.out.hasPrefix("--- a/Sources/Store.swift\n"), diff.out)
        XCTAssertEqual(project.read("Sources/Store.swift"), store)
    }

    func testFixAndWriteBaselineAreAUsageError() {
        let r = project.run(["--fix", "--write-baseline", "b.json", "Sources"])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.contains("--fix and --write-baseline cannot be used together"), r.err)
    }

    func testAFileReachedThroughALinkIsFixedInPlaceAndTheLinkKept() throws {
        try FileManager.default.createSymbolicLink(atPath: project.root + "/Sources/Link.swift", withDestinationPath: "Store.swift")
        _ = project.run(["--fix", "--unsafe-fixes", "Sources/Link.swift"])
        XCTAssertEqual(project.read("Sources/Store.swift"), fixedStore)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: project.root + "/Sources/Link.swift"), "Store.swift")
    }

    func testAFixThatLeavesItsFindingIsUndoneNotRepeated() {
        project.write("Sources/Loop.swift", "let a = kSecLoop\n")
        let r = project.run(["--fix", "Sources/Loop.swift"], rules: [ActiveRule(rule: LoopingFixRule(), severity: .warning)])
        XCTAssertEqual(project.read("Sources/Loop.swift"), "let a = kSecLoop\n")
        XCTAssertTrue(r.err.contains("fixed 0 issues in 0 files"), r.err)
        XCTAssertEqual(r.findings, ["Sources/Loop.swift:1 test-loop"])
    }
}
