import Foundation
import XCTest
import KeychainLint
@testable import KeychainLintLanguageServer

/// Text sync, debouncing, diagnostics and code actions in-process, on the real engine over a
/// scratch folder (cross-file overlays) or on a counting stand-in (debounce).
final class ServerDocumentTests: XCTestCase {
    private func engineLinter(_ rules: [String]) throws -> EngineWorkspaceLinter {
        EngineWorkspaceLinter(engine: try LintEngine(configuration: LintConfiguration(rules: rules, parallel: false)))
    }

    func testChangesInABurstAreOneLintAfterThePause() {
        let linter = CountingLinter()
        let harness = ServerHarness(linter: linter, debounce: 0.05)
        harness.initialize(root: nil)
        harness.open("file:///tmp/a.swift", "let a = 1\n")
        for version in 2...5 {
            harness.scheduler.advance(by: 0.02)
            harness.change("file:///tmp/a.swift", version: version, [["text": "let a = \(version)\n"]])
        }
        harness.scheduler.advance(by: 0.049)
        XCTAssertEqual(linter.requests.count, 0, "still typing")
        harness.scheduler.advance(by: 0.002)
        XCTAssertEqual(linter.requests.count, 1)
        XCTAssertEqual(linter.requests.first?.overlays["/tmp/a.swift"].map { String(decoding: $0, as: UTF8.self) }, "let a = 5\n")
        XCTAssertEqual(linter.requests.first?.paths, ["/tmp/a.swift"], "no workspace folder: the document alone")
        harness.scheduler.advance(by: 1)
        XCTAssertEqual(linter.requests.count, 1, "nothing changed since")
    }

    func testWorkspaceFolderIsLintedOnceForAllItsDocumentsAndOthersAlone() {
        let linter = CountingLinter()
        let harness = ServerHarness(linter: linter, debounce: 0)
        harness.initialize(root: "/tmp/ws")
        harness.open("file:///tmp/ws/A.swift", "")
        harness.open("file:///tmp/ws/Sub/B.swift", "")
        harness.open("file:///tmp/elsewhere/C.swift", "")
        harness.open("untitled:Untitled-1", "")
        harness.notify("textDocument/didOpen", ["textDocument": ["uri": "file:///tmp/ws/notes.md", "languageId": "markdown", "version": 1, "text": ""]])
        harness.scheduler.advance(by: 0)
        XCTAssertEqual(linter.requests.last?.paths, ["/tmp/elsewhere/C.swift", "/tmp/ws"])
        XCTAssertEqual(linter.requests.last?.overlays.keys.sorted(), ["/tmp/elsewhere/C.swift", "/tmp/ws/A.swift", "/tmp/ws/Sub/B.swift"])
        XCTAssertEqual(linter.requests.last?.folder, "/tmp/ws")
    }

    func testRunErrorsAreShownOnce() {
        let linter = CountingLinter()
        linter.errors = ["bad .keychain-lint.json"]
        let harness = ServerHarness(linter: linter, debounce: 0)
        harness.initialize(root: nil)
        harness.open("file:///tmp/a.swift", "")
        harness.scheduler.advance(by: 0)
        harness.change("file:///tmp/a.swift", version: 2, [["text": "x"]])
        harness.scheduler.advance(by: 0)
        let shown = harness.drain().filter { $0["method"] as? String == "window/showMessage" }
        XCTAssertEqual(shown.count, 1)
        XCTAssertEqual((shown.first?["params"] as? JSONObject)?["message"] as? String, "keychain-lint: bad .keychain-lint.json")
    }

    func testAHelperEditedInOneBufferChangesTheFindingsOfAnother() throws {
        let folder = try ScratchFolder()
        let base = { (accessible: String) in
            """
            func deviceQuery(service: String) -> [String: Any] {
                [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
                 kSecAttrAccessible as String: \(accessible),
                 kSecUseDataProtectionKeychain as String: true]
            }
            """
        }
        let store = """
        func save(_ data: Data) {
            var q = deviceQuery(service: "com.example.token")
            q[kSecAttrSynchronizable as String] = true
            q[kSecValueData as String] = data
            SecItemAdd(q as CFDictionary, nil)
        }
        """
        folder.write("Base.swift", base("kSecAttrAccessibleAfterFirstUnlock"))
        folder.write("Store.swift", store)
        let harness = ServerHarness(linter: try engineLinter(["sync-this-device-only"]), debounce: 0.05)
        harness.initialize(root: folder.path)
        harness.open(folder.uri("Store.swift"), store)
        harness.open(folder.uri("Base.swift"), base("kSecAttrAccessibleAfterFirstUnlock"))
        harness.scheduler.advance(by: 0.1)
        XCTAssertEqual(harness.published(folder.uri("Store.swift")).count, 0, "clean: nothing to publish")

        // Base.swift's buffer, not its file, now makes the item device-only.
        let line2 = "     kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock,"
        let from = line2.utf16.count - "AfterFirstUnlock,".utf16.count
        harness.change(folder.uri("Base.swift"), version: 2, [["range": TextRange(start: Position(line: 2, character: from),
                                                                                    end: Position(line: 2, character: from + 16)).json,
                                                                "text": "WhenUnlockedThisDeviceOnly"]])
        harness.scheduler.advance(by: 0.1)
        let diagnostics = try XCTUnwrap(harness.published(folder.uri("Store.swift")).last)
        XCTAssertEqual(diagnostics.map(ServerHarness.code), ["sync-this-device-only"])
        XCTAssertEqual(ServerHarness.start(diagnostics[0])?.line, 2)

        // Closing the helper's buffer: the file on disk is read again, and the finding goes.
        harness.notify("textDocument/didClose", ["textDocument": ["uri": folder.uri("Base.swift")]])
        harness.scheduler.advance(by: 0.1)
        XCTAssertEqual(harness.published(folder.uri("Store.swift")).last?.count, 0)
    }

    func testAnOpenEntitlementsFileGetsDiagnosticsFromItsBuffer() throws {
        let folder = try ScratchFolder()
        folder.write("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\")\n")
        let plist = { (group: String) in
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\n<key>keychain-access-groups</key>\n"
                + "<array><string>\(group)</string></array>\n</dict></plist>\n"
        }
        folder.write("App.entitlements", plist("$(AppIdentifierPrefix)com.example.shared"))
        let harness = ServerHarness(linter: try engineLinter(["entitlement-access-group-prefix"]), debounce: 0)
        harness.initialize(root: folder.path)
        let uri = folder.uri("App.entitlements")
        harness.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "xml", "version": 1,
                                                                 "text": plist("com.example.shared")]])
        harness.scheduler.advance(by: 0)
        let diagnostic = try XCTUnwrap(harness.published(uri).last?.first, "the buffer's mistake, not the file's")
        XCTAssertEqual(diagnostic["code"] as? String, "entitlement-access-group-prefix")
        XCTAssertEqual(ServerHarness.start(diagnostic)?.line, 3)
        let actions = harness.request("textDocument/codeAction", ["textDocument": ["uri": uri], "range": diagnostic["range"] as Any])
        XCTAssertEqual((actions?["result"] as? [JSONObject])?.count, 0, "no Swift comment in a property list")
    }

    private let mistake = "import Security\nlet s = \"é€😀\"; let q = [kSecAttrAccessible: kSecAttrAccessibleAlways]\n"

    func testDiagnosticFieldsAndClosingClearsThem() throws {
        let folder = try ScratchFolder()
        let harness = ServerHarness(linter: try engineLinter(["deprecated-accessibility"]), debounce: 0)
        harness.initialize(root: folder.path)
        let uri = folder.uri("New.swift")
        harness.open(uri, mistake)
        harness.scheduler.advance(by: 0)
        let diagnostic = try XCTUnwrap(harness.published(uri).last?.first)
        XCTAssertEqual(diagnostic["code"] as? String, "deprecated-accessibility")
        XCTAssertEqual(diagnostic["source"] as? String, "keychain-lint")
        XCTAssertEqual(diagnostic["severity"] as? Int, 2)
        XCTAssertEqual((diagnostic["codeDescription"] as? JSONObject)?["href"] as? String,
                       "https://github.com/keychain-lint/keychain-lint/blob/v\(ToolInfo.version)/rules/deprecated-accessibility.md")
        XCTAssertFalse((diagnostic["message"] as? String ?? "").isEmpty)
        let line = String(mistake.split(separator: "\n")[1])
        let start = line.utf16.count - "kSecAttrAccessibleAlways]".utf16.count
        XCTAssertEqual(TextRange(json: diagnostic["range"]),
                       TextRange(start: Position(line: 1, character: start), end: Position(line: 1, character: start + 24)))
        harness.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
        XCTAssertEqual(harness.published(uri).map(\.count), [0], "cleared at once")
    }

    func testDisableActionInsertsTheCommentAtTheLinesIndentation() throws {
        let folder = try ScratchFolder()
        let harness = ServerHarness(linter: try engineLinter(["deprecated-accessibility"]), debounce: 0.05)
        harness.initialize(root: folder.path, documentChanges: true)
        let uri = folder.uri("A.swift")
        harness.open(uri, "import Security\nfunc f() {\n\tlet q = [kSecAttrAccessible: kSecAttrAccessibleAlways]\n}\n", version: 7)
        // Asked before the debounce ran: the server lints first, so the action matches the text.
        let response = harness.request("textDocument/codeAction", [
            "textDocument": ["uri": uri], "range": TextRange(start: Position(line: 2, character: 40), end: Position(line: 2, character: 40)).json,
            "context": ["diagnostics": []],
        ])
        let actions = try XCTUnwrap(response?["result"] as? [JSONObject])
        let disable = try XCTUnwrap(actions.first { $0["title"] as? String == "Disable deprecated-accessibility for this line" })
        XCTAssertEqual(disable["kind"] as? String, "quickfix")
        let change = try XCTUnwrap(((disable["edit"] as? JSONObject)?["documentChanges"] as? [JSONObject])?.first)
        XCTAssertEqual((change["textDocument"] as? JSONObject)?["version"] as? Int, 7)
        let edit = try XCTUnwrap((change["edits"] as? [JSONObject])?.first)
        XCTAssertEqual(edit["newText"] as? String, "\t// keychain-lint:disable:next deprecated-accessibility\n")
        XCTAssertEqual(TextRange(json: edit["range"]), TextRange(start: Position(line: 2, character: 0), end: Position(line: 2, character: 0)))
        let outside = harness.request("textDocument/codeAction", [
            "textDocument": ["uri": uri], "range": TextRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 3)).json,
        ])
        XCTAssertEqual((outside?["result"] as? [JSONObject])?.count, 0, "no finding there")
        let otherKind = harness.request("textDocument/codeAction", [
            "textDocument": ["uri": uri], "range": TextRange(start: Position(line: 2, character: 40), end: Position(line: 2, character: 40)).json,
            "context": ["diagnostics": [], "only": ["refactor"]],
        ])
        XCTAssertEqual((otherKind?["result"] as? [JSONObject])?.count, 0, "only refactorings asked for")
    }

    func testDisableAddsTheRuleToACommentAlreadyAbove() {
        let text = "  // keychain-lint:disable:next sync-this-device-only - migrating\n  let q = 1\r\n"
        let document = TextDocument(uri: "u", version: 1, languageID: "swift", text: text)
        let edit = DisableComment.edit(rule: "deprecated-accessibility", line: 1, in: document)
        XCTAssertEqual(edit["newText"] as? String, ", deprecated-accessibility")
        XCTAssertEqual(TextRange(json: edit["range"])?.start, Position(line: 0, character: 53), "before \" - migrating\"")
        let fresh = DisableComment.edit(rule: "sync-this-device-only", line: 1, in: document)
        XCTAssertEqual(fresh["newText"] as? String, "  // keychain-lint:disable:next sync-this-device-only\r\n", "already named: a comment of its own")
    }
}
