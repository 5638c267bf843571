import Foundation
import XCTest
// Only the library's public API: what a package that depends on keychain-lint can call. (`package`
// names are visible here too, being in the same package; .ci/api-check proves the public surface
// from a package of its own.)
import KeychainLint

final class PublicAPITests: XCTestCase {
    private func project(_ files: [String: String]) throws -> String {
        let root = NSTemporaryDirectory() + "kl-api-" + UUID().uuidString
        for (rel, text) in files {
            let path = root + "/" + rel
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        return root
    }

    private let identityAdd = """
        import Security
        func store(_ identity: SecIdentity) -> OSStatus {
            SecItemAdd([kSecClass: kSecClassIdentity, kSecValueRef: identity, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
        }

        """

    func testTheInventoryListsTheItemWithItsOperationAndFinding() throws {
        let root = try project(["Sources/Store.swift": identityAdd])
        let inventory = try LintEngine(configuration: LintConfiguration(workingDirectory: root)).inventory(["Sources"])
        XCTAssertEqual(inventory.filesAnalysed, 1)
        XCTAssertEqual(inventory.items.count, 1)
        let item: InventoryItem = inventory.items[0]
        XCTAssertEqual(item.identity.itemClass, InventoryValue.literal("kSecClassIdentity"))
        XCTAssertEqual(item.operations, [InventoryOperation(kind: .add, path: "Sources/Store.swift", line: 3)])
        XCTAssertEqual(item.findings, ["identity-add"])
        XCTAssertEqual(item.dataProtectionKeychain, .literal("true"))
        XCTAssertEqual(item.protections.first?.accessibility, nil)
    }

    func testLintsAFolderAndReturnsFindingsAndTheRulesThatRan() throws {
        let root = try project(["Sources/Store.swift": identityAdd])
        let engine = try LintEngine(configuration: LintConfiguration(workingDirectory: root))
        let result = engine.lint(["Sources"])
        XCTAssertEqual(result.filesLinted, 1)
        XCTAssertEqual(result.findings.map { "\($0.path):\($0.line):\($0.column) \($0.severity) \($0.ruleID)" },
                       ["Sources/Store.swift:3:17 error identity-add"])
        XCTAssertEqual(result.errorCount, 1)
        XCTAssertTrue(result.problems.isEmpty)
        let ran = Set(result.rulesRun.map(\.id))
        XCTAssertTrue(ran.contains("identity-add"))
        // Rules off by default do not run unless named.
        let optIn = LintEngine.availableRules.map(\.id).filter { !ran.contains($0) }
        XCTAssertFalse(optIn.isEmpty)
    }

    func testRulesSeveritiesAndPlatformsComeFromTheConfiguration() throws {
        let root = try project(["Store.swift": identityAdd])
        let only = try LintEngine(configuration: LintConfiguration(rules: ["identity-add"], severities: ["identity-add": .warning],
                                                                   platforms: [.iOS], workingDirectory: root))
        let result = only.lint(["."])
        XCTAssertEqual(result.rulesRun, [RuleInfo(id: "identity-add", severity: .warning,
                                                  summary: result.rulesRun.first?.summary ?? "")])
        XCTAssertEqual(result.findings.map(\.severity), [.warning])
        XCTAssertEqual(result.warningCount, 1)

        let none = try LintEngine(configuration: LintConfiguration(rules: ["broad-delete"], workingDirectory: root))
        XCTAssertEqual(none.lint(["."]).findings, [])
    }

    func testAnUnknownRuleIsAnErrorNotASilentNoOp() {
        XCTAssertThrowsError(try LintEngine(configuration: LintConfiguration(rules: ["no-such-rule"]))) { error in
            XCTAssertEqual(error as? LintConfiguration.Error, .unknownRule("no-such-rule"))
        }
        XCTAssertThrowsError(try LintEngine(configuration: LintConfiguration(severities: ["nope": .error])))
    }

    func testAMissingPathIsAProblemAndTheRunGoesOn() throws {
        let root = try project(["Store.swift": identityAdd])
        let result = try LintEngine(configuration: LintConfiguration(workingDirectory: root)).lint(["missing", "Store.swift"])
        XCTAssertTrue(result.hasPathErrors)
        XCTAssertEqual(result.problems.map(\.kind), [.error])
        XCTAssertTrue(result.problems[0].message.contains("missing"))
        XCTAssertEqual(result.findings.count, 1)
    }

    func testSequentialAndExhaustiveRunsGiveTheSameFindings() throws {
        let root = try project(["A.swift": identityAdd, "B.swift": "let q = [kSecClass: kSecClassGenericPassword]\n"])
        let runs = try [
            LintConfiguration(workingDirectory: root),
            LintConfiguration(parallel: false, workingDirectory: root),
            LintConfiguration(exhaustive: true, workingDirectory: root),
        ].map { try LintEngine(configuration: $0).lint(["."]).findings }
        XCTAssertEqual(runs[0], runs[1])
        XCTAssertEqual(runs[0], runs[2])
        XCTAssertFalse(runs[0].isEmpty)
    }

    func testOverlaysStandForFilesAndFixesApplyToTheText() throws {
        let root = try project(["Store.swift": "func clean() {}\n"])
        let engine = try LintEngine(configuration: LintConfiguration(rules: ["deprecated-accessibility"], workingDirectory: root))
        let unsaved = "func save() {\n    SecItemAdd([kSecAttrAccessible: kSecAttrAccessibleAlways] as CFDictionary, nil)\n}\n"
        let result = engine.lint(["."], overlays: [root + "/Store.swift": unsaved])
        let finding = try XCTUnwrap(result.findings.first)
        XCTAssertEqual("\(finding.path):\(finding.line):\(finding.utf16Column)", "./Store.swift:2:37")
        let fix = try XCTUnwrap(finding.fix)
        XCTAssertEqual(fix.edits.map { "\($0.start.line):\($0.start.utf16Column)-\($0.end.utf16Column) \($0.replacement)" },
                       ["2:37-61 kSecAttrAccessibleAfterFirstUnlock"])
        XCTAssertEqual(try fix.apply(to: unsaved), unsaved.replacingOccurrences(of: "Always]", with: "AfterFirstUnlock]"))
        XCTAssertEqual(Fix.applyAll([fix, fix], to: Array(unsaved.utf8)).applied, [0, 1])
        XCTAssertEqual(engine.lint(["."]).findings, [], "the file on disk is untouched")
    }
}
