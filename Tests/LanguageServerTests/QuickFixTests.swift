import Foundation
import XCTest
import KeychainLint
@testable import KeychainLintLanguageServer

/// The rules' quick fixes as code actions: offered first, preferred only when safe (an unsafe one
/// says in its title what it changes for stored items), with edits in UTF-16 positions of the
/// buffer, and applying them as a client does removes the finding.
final class QuickFixTests: XCTestCase {
    /// The rules whose fixes in `cases` are unsafe: they change which stored items the code finds.
    private let unsafe: Set<String> = ["missing-data-protection-keychain", "sync-query-missing-synchronizable"]

    private let cases: [(rule: String, text: String)] = [
        // Only an accessibility the file writes into a call's dictionary is fixed, not any mention.
        ("deprecated-accessibility", "import Security\nlet s = \"é€😀\"; SecItemAdd([kSecAttrAccessible: kSecAttrAccessibleAlways] as CFDictionary, nil)\n"),
        ("missing-data-protection-keychain", """
        func f() {
            let s = "é€😀"; SecItemDelete([
                kSecClass: kSecClassGenericPassword,
                kSecAttrService: "s"
            ] as CFDictionary)
        }

        """),
        ("sync-query-missing-synchronizable", """
        func save(_ token: Data) {
            SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example.token", kSecAttrAccount: "me",
                        kSecAttrSynchronizable: true, kSecValueData: token] as CFDictionary, nil)
        }
        func load() {
            let s = "é€😀"; SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example.token",
                                  kSecReturnData: true, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
        }

        """),
    ]

    /// `text` with LSP text edits applied as a client applies them: every range is of the text
    /// before any edit, so they are applied from the last to the first.
    private func apply(_ edits: [JSONObject], to document: TextDocument) -> TextDocument {
        var document = document
        let sorted = edits.compactMap { edit in TextRange(json: edit["range"]).map { ($0, edit["newText"] as? String ?? "") } }
            .sorted { $0.0.start > $1.0.start }
        for (range, text) in sorted { document.replace(range, with: text) }
        return document
    }

    func testEachRulesQuickFixRemovesItsFinding() throws {
        for (rule, text) in cases {
            let folder = try ScratchFolder()
            let linter = EngineWorkspaceLinter(engine: try LintEngine(configuration: LintConfiguration(rules: [rule], parallel: false)))
            let harness = ServerHarness(linter: linter, debounce: 0)
            harness.initialize(root: folder.path)
            let uri = folder.uri("A.swift")
            harness.open(uri, text)
            harness.scheduler.advance(by: 0)
            let diagnostic = try XCTUnwrap(harness.published(uri).last?.first, rule)
            XCTAssertEqual(diagnostic["code"] as? String, rule)
            let response = harness.request("textDocument/codeAction", ["textDocument": ["uri": uri], "range": diagnostic["range"] as Any,
                                                                       "context": ["diagnostics": [diagnostic]]])
            let actions = try XCTUnwrap(response?["result"] as? [JSONObject], rule)
            XCTAssertEqual(actions.count, 2, "\(rule): the fix and the disable comment")
            let fix = try XCTUnwrap(actions.first, rule)
            XCTAssertEqual(fix["isPreferred"] as? Bool, !unsafe.contains(rule), rule)
            let title = fix["title"] as? String ?? "Disable"
            XCTAssertFalse(title.hasPrefix("Disable"), rule)
            XCTAssertEqual(title.contains(" (unsafe: "), unsafe.contains(rule), "\(rule): \(title)")
            let edits = try XCTUnwrap(((fix["edit"] as? JSONObject)?["changes"] as? JSONObject)?[uri] as? [JSONObject], rule)
            let fixed = apply(edits, to: TextDocument(uri: uri, version: 1, languageID: "swift", text: text))
            XCTAssertTrue(String(decoding: fixed.bytes, as: UTF8.self).contains("é€😀"), rule)
            harness.change(uri, version: 2, [["text": String(decoding: fixed.bytes, as: UTF8.self)]])
            harness.scheduler.advance(by: 0)
            XCTAssertEqual(harness.published(uri).last?.count, 0, "\(rule): fixed\n\(String(decoding: fixed.bytes, as: UTF8.self))")
        }
    }

    func testTheAccessibilityFixReplacesTheConstantAtItsUTF16Range() throws {
        let folder = try ScratchFolder()
        let linter = EngineWorkspaceLinter(engine: try LintEngine(configuration: LintConfiguration(rules: ["deprecated-accessibility"])))
        let harness = ServerHarness(linter: linter, debounce: 0)
        harness.initialize(root: folder.path, documentChanges: true)
        let uri = folder.uri("A.swift")
        harness.open(uri, cases[0].text, version: 4)
        harness.scheduler.advance(by: 0)
        let diagnostic = try XCTUnwrap(harness.published(uri).last?.first)
        let fix = try XCTUnwrap((harness.request("textDocument/codeAction", ["textDocument": ["uri": uri], "range": diagnostic["range"] as Any])?["result"] as? [JSONObject])?.first)
        XCTAssertEqual(fix["title"] as? String, "Replace kSecAttrAccessibleAlways with kSecAttrAccessibleAfterFirstUnlock")
        let change = try XCTUnwrap(((fix["edit"] as? JSONObject)?["documentChanges"] as? [JSONObject])?.first)
        XCTAssertEqual((change["textDocument"] as? JSONObject)?["version"] as? Int, 4)
        let edit = try XCTUnwrap((change["edits"] as? [JSONObject])?.first)
        XCTAssertEqual(TextRange(json: edit["range"]), TextRange(start: Position(line: 1, character: 48), end: Position(line: 1, character: 72)))
        XCTAssertEqual(edit["newText"] as? String, "kSecAttrAccessibleAfterFirstUnlock")
    }
}
