import Foundation
import XCTest
import KeychainLint
@testable import KeychainLintCLI
import KeychainLintRules

/// `--enable`, `--disable`, `--only` and `keychain-lint rules`, run in-process with the real rules.
final class RuleSelectionTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "kl-selection-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // One broad delete (off by default) and one identity add (error), neither missing the flag.
        try """
        func wipe(_ identity: SecIdentity) {
            SecItemDelete([kSecClass: kSecClassGenericPassword, kSecUseDataProtectionKeychain: true] as CFDictionary)
            _ = SecItemAdd([kSecClass: kSecClassIdentity, kSecValueRef: identity, kSecAttrAccessible: kSecAttrAccessibleWhenUnlocked,
                            kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
        }
        """.write(toFile: directory + "/Wipe.swift", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        let out = BufferSink(), err = BufferSink()
        let code = CommandLineTool.run(arguments: arguments, rules: Linter.defaultRules, workingDirectory: directory, stdout: out, stderr: err)
        return (code, out.text, err.text)
    }

    private func ruleIDs(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line in
            line.range(of: #"\[[a-z-]+\]$"#, options: .regularExpression).map { String(line[$0].dropFirst().dropLast()) }
        }
    }

    func testDefaultsLeaveOffRulesOff() {
        let r = run(["Wipe.swift"])
        XCTAssertEqual(ruleIDs(r.out), ["unhandled-duplicate-item", "identity-add"], "sorted by column")
        XCTAssertEqual(r.code, 1)
    }

    func testEnableTurnsOnAnOffRuleAtWarning() {
        let r = run(["--enable", "broad-delete", "Wipe.swift"])
        XCTAssertTrue(r.out.contains("Wipe.swift:2:19: warning: ") && r.out.contains("[broad-delete]"), r.out)
    }

    func testDisableAndOnly() {
        XCTAssertFalse(ruleIDs(run(["--disable", "identity-add", "Wipe.swift"]).out).contains("identity-add"))
        let only = run(["--only", "broad-delete", "Wipe.swift"])
        XCTAssertEqual(ruleIDs(only.out), ["broad-delete"])
        XCTAssertEqual(only.code, 0, "a warning alone exits 0")
        XCTAssertEqual(ruleIDs(run(["--only", "identity-add", "--only", "broad-delete", "Wipe.swift"]).out), ["broad-delete", "identity-add"])
        XCTAssertEqual(ruleIDs(run(["--only", "identity-add,broad-delete", "Wipe.swift"]).out), ["broad-delete", "identity-add"],
                       "a comma-separated list is the same as repeating the option")
        XCTAssertEqual(run(["--only", "identity-add,", "Wipe.swift"]).code, 2, "an empty id in a list is an unknown rule")
    }

    func testUnknownRuleIsAUsageErrorNamingTheClosestID() {
        let r = run(["--enable", "broad-delet", "Wipe.swift"])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.contains("unknown rule 'broad-delet'; did you mean 'broad-delete'?"), r.err)
        XCTAssertEqual(r.out, "")
        XCTAssertEqual(run(["--disable", "zzz", "Wipe.swift"]).code, 2)
        XCTAssertEqual(run(["--only"]).code, 2, "a missing value")
    }

    func testRulesListsEveryRuleOnce() throws {
        let text = run(["rules"])
        XCTAssertEqual(text.code, 0)
        let lines = text.out.split(separator: "\n")
        XCTAssertEqual(lines.count, RuleRegistry.all.count)
        for (line, rule) in zip(lines, RuleRegistry.all) {
            let d = rule.description
            let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            XCTAssertEqual(String(fields[0]), d.id)
            XCTAssertEqual(String(fields[1]), d.defaultSeverity?.rawValue ?? "off")
            XCTAssertEqual(fields[2].trimmingCharacters(in: .whitespaces), d.summary + (d.fix == nil ? "" : d.fix?.applicability == .unsafe ? " [unsafe fix]" : " [fix]"))
        }
        let json = run(["rules", "--format", "json"])
        let array = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        XCTAssertEqual(array.map { $0["id"] as? String }, RuleRegistry.all.map { $0.description.id })
        XCTAssertEqual(array.map { $0["severity"] as? String }, RuleRegistry.all.map { $0.description.defaultSeverity?.rawValue ?? "off" })
        XCTAssertEqual(array.map { $0["summary"] as? String }, RuleRegistry.all.map { $0.description.summary })
        XCTAssertEqual(array.map { $0["fixable"] as? Bool }, RuleRegistry.all.map { $0.description.fix != nil })
        let applicability = Dictionary(uniqueKeysWithValues: array.compactMap { rule in
            (rule["fixApplicability"] as? String).map { (rule["id"] as! String, $0) }
        })
        XCTAssertEqual(applicability, ["deprecated-accessibility": "varies", "missing-data-protection-keychain": "unsafe",
                                       "sync-query-missing-synchronizable": "unsafe"])
    }

    func testExplainPrintsTheRulePage() throws {
        let r = run(["explain", "identity-add"])
        XCTAssertEqual(r.code, 0)
        XCTAssertEqual(r.out, RuleDocumentation.explanation(for: RuleRegistry.rule(id: "identity-add")!.description))
        XCTAssertTrue(r.out.contains("## Why it matters") && r.out.contains("## How to fix") && r.out.contains("## Triggering examples"))
        let typo = run(["explain", "identity-ad"])
        XCTAssertEqual(typo.code, 2)
        XCTAssertTrue(typo.err.contains("did you mean 'identity-add'?"), typo.err)
        XCTAssertEqual(run(["explain"]).code, 2)
    }

    func testClosestID() {
        XCTAssertEqual(RuleSelection.closest(to: "identity-ad", in: ["identity-add", "broad-delete"]), "identity-add")
        XCTAssertNil(RuleSelection.closest(to: "completely-different-thing", in: ["identity-add"]))
    }
}
