import Foundation
import XCTest
@testable import KeychainLintLanguageServer

/// The built executable, spawned and driven over its pipes as an editor drives it: framing,
/// the lifecycle and exit statuses, diagnostics with UTF-16 ranges, incremental changes, code
/// actions, malformed input, and the project's configuration as a command-line run reads it.
final class EndToEndTests: XCTestCase {
    /// An Always accessibility written into a call's dictionary (so the rule has a fix), after
    /// text of 1, 1 and 2 UTF-16 units but 2, 3 and 4 bytes. Other rules report the call too.
    private let mistakeLine = "let s = \"é€😀\"; SecItemAdd([kSecAttrAccessible: kSecAttrAccessibleAlways] as CFDictionary, nil)"
    private var text: String { "import Security\n\(mistakeLine)\n" }
    private let rule = "deprecated-accessibility"

    private func errorCode(_ response: JSONObject?) -> Int? { (response?["error"] as? JSONObject)?["code"] as? Int }

    /// A scratch SwiftPM package with the mistake in `Sources/App/A.swift`, and a started server.
    private func start(_ folder: ScratchFolder, environment: [String: String] = [:]) throws -> ProcessClient {
        folder.write("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\")\n")
        folder.write("Sources/App/A.swift", text)
        let client = try ProcessClient(directory: folder.path, environment: environment)
        let result = client.request("initialize", ["processId": NSNull(), "rootUri": FileURI.uri(of: folder.path),
                                                   "capabilities": [:] as JSONObject])?["result"] as? JSONObject
        XCTAssertEqual(((result?["capabilities"] as? JSONObject)?["textDocumentSync"] as? JSONObject)?["change"] as? Int, 2)
        client.notify("initialized")
        return client
    }

    private func open(_ client: ProcessClient, _ uri: String, _ text: String) {
        client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": text]])
    }

    /// The diagnostics of the next publication for `uri` that are the rule's.
    private func ruleDiagnostics(_ client: ProcessClient, _ uri: String) -> [JSONObject]? {
        client.diagnostics(for: uri)?.filter { $0["code"] as? String == rule }
    }

    func testDiagnosticsIncrementalChangesCodeActionsAndACleanExit() throws {
        let folder = try ScratchFolder()
        let client = try start(folder)
        let uri = folder.uri("Sources/App/A.swift")
        open(client, uri, text)
        let diagnostic = try XCTUnwrap(ruleDiagnostics(client, uri)?.first)
        let start = mistakeLine.utf16.count - "kSecAttrAccessibleAlways] as CFDictionary, nil)".utf16.count
        XCTAssertEqual(start, 48, "é, € and 😀 are 1, 1 and 2 UTF-16 units before the finding (5 bytes more)")
        let range = try XCTUnwrap(TextRange(json: diagnostic["range"]))
        XCTAssertEqual(range, TextRange(start: Position(line: 1, character: 48), end: Position(line: 1, character: 72)))

        let actions = try XCTUnwrap(client.request("textDocument/codeAction", ["textDocument": ["uri": uri], "range": range.json,
                                                                               "context": ["diagnostics": [diagnostic]]])?["result"] as? [JSONObject])
        XCTAssertEqual(actions.map { $0["title"] as? String ?? "" },
                       ["Replace kSecAttrAccessibleAlways with kSecAttrAccessibleAfterFirstUnlock", "Disable \(rule) for this line"])
        let fixEdit = try XCTUnwrap((((actions[0]["edit"] as? JSONObject)?["changes"] as? JSONObject)?[uri] as? [JSONObject])?.first)
        XCTAssertEqual(TextRange(json: fixEdit["range"]), range)

        // Replace "Always" by "AfterFirstUnlock" with an incremental change: the finding goes.
        let always = TextRange(start: Position(line: 1, character: 66), end: Position(line: 1, character: 72))
        client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2],
                                                 "contentChanges": [["range": always.json, "text": "AfterFirstUnlock"]]])
        XCTAssertEqual(ruleDiagnostics(client, uri)?.count, 0)
        // And back, in two changes of one notification: the finding is where it was.
        let grown = TextRange(start: Position(line: 1, character: 66), end: Position(line: 1, character: 82))
        client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 3],
                                                 "contentChanges": [["range": grown.json, "text": "Alw"],
                                                                    ["range": TextRange(start: Position(line: 1, character: 69), end: Position(line: 1, character: 69)).json, "text": "ays"]]])
        XCTAssertEqual(ruleDiagnostics(client, uri).flatMap { $0.first }.flatMap { TextRange(json: $0["range"]) }, range)

        XCTAssertEqual(errorCode(client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": range.start.json])),
                       JSONRPC.ErrorCode.methodNotFound)
        client.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
        XCTAssertEqual(client.diagnostics(for: uri)?.count, 0, "closing clears the document's diagnostics")
        XCTAssertTrue(client.request("shutdown")?["result"] is NSNull)
        client.notify("exit")
        XCTAssertEqual(client.exitStatus(), 0)
        XCTAssertFalse(client.pending().contains { $0["id"] == nil && $0["method"] == nil }, "no response without a request")
    }

    func testMalformedInputIsAnsweredAndTheServerGoesOn() throws {
        let folder = try ScratchFolder()
        let client = try start(folder)
        client.sendRaw(MessageWriter.frame(Array("{oops".utf8)))
        XCTAssertEqual(errorCode(client.wait { $0["error"] != nil }), JSONRPC.ErrorCode.parseError)
        client.sendRaw(MessageWriter.frame(Array(#"{"jsonrpc":"2.0","id":1.5e400}"#.utf8)))
        XCTAssertNotNil(client.wait { $0["error"] != nil })
        client.sendRaw(MessageWriter.frame(Array(#"{"jsonrpc":"2.0","id":7}"#.utf8)))
        XCTAssertEqual(errorCode(client.wait { $0["error"] != nil }), JSONRPC.ErrorCode.invalidRequest)
        client.sendRaw(Array("Content-Type: text/plain\r\n\r\n".utf8))
        XCTAssertEqual(errorCode(client.wait { $0["error"] != nil }), JSONRPC.ErrorCode.parseError)
        client.sendRaw(Array("Content-Length: 3\r\n\r\n".utf8) + [0xFF, 0xFE, 0x21])
        XCTAssertEqual(errorCode(client.wait { $0["error"] != nil }), JSONRPC.ErrorCode.parseError, "not UTF-8")
        XCTAssertNotNil(client.request("shutdown")?["result"], "still serving")
        client.notify("exit")
        XCTAssertEqual(client.exitStatus(), 0)
    }

    func testExitWithoutShutdownIsOneAndSoIsClosedInput() throws {
        let folder = try ScratchFolder()
        let client = try start(folder)
        client.notify("exit")
        XCTAssertEqual(client.exitStatus(), 1)
        let other = try start(folder)
        other.closeInput()
        XCTAssertEqual(other.exitStatus(), 1)
    }

    func testProjectConfigurationAppliesAsOnTheCommandLine() throws {
        let folder = try ScratchFolder()
        folder.write(".keychain-lint.json", #"{"rules": {"deprecated-accessibility": "error"}}"#)
        let client = try start(folder)
        let uri = folder.uri("Sources/App/A.swift")
        open(client, uri, text)
        XCTAssertEqual(ruleDiagnostics(client, uri)?.first?["severity"] as? Int, 1, "error, as the configuration says")
        // The configuration is read again on each lint: turned off, the finding goes.
        folder.write(".keychain-lint.json", #"{"rules": {"deprecated-accessibility": "off"}}"#)
        client.notify("textDocument/didSave", ["textDocument": ["uri": uri]])
        XCTAssertEqual(ruleDiagnostics(client, uri)?.count, 0)
        // A broken one is shown to the user, once.
        folder.write(".keychain-lint.json", #"{"rulez": {}}"#)
        client.notify("textDocument/didSave", ["textDocument": ["uri": uri]])
        let shown = client.wait { $0["method"] as? String == "window/showMessage" }
        XCTAssertTrue(((shown?["params"] as? JSONObject)?["message"] as? String ?? "").contains("unknown key 'rulez'"), "\(String(describing: shown))")
        _ = client.request("shutdown")
        client.notify("exit")
        XCTAssertEqual(client.exitStatus(), 0)
    }

    func testTheInventoryRequestAnswersTheWorkspacesItemsWithUnsavedText() throws {
        let folder = try ScratchFolder()
        let client = try start(folder)
        // Unsaved: the open buffer names a service the file on disk does not.
        let unsaved = "import Security\nfunc f() { SecItemDelete([kSecClass: kSecClassGenericPassword, kSecAttrService: \"unsaved\"] as CFDictionary) }\n"
        open(client, folder.uri("Sources/App/A.swift"), unsaved)
        let result = try XCTUnwrap(client.request("keychainLint/inventory")?["result"] as? JSONObject)
        let items = try XCTUnwrap(result["items"] as? [JSONObject])
        XCTAssertEqual(items.map { $0["service"] as? String }, ["unsaved"])
        XCTAssertEqual((items.first?["operations"] as? [JSONObject])?.first?["kind"] as? String, "delete")
        _ = client.request("shutdown")
        client.notify("exit")
        XCTAssertEqual(client.exitStatus(), 0)
    }

    func testOptionsTheServerCannotUseAreAUsageError() throws {
        let folder = try ScratchFolder()
        for arguments in [["lsp", "--only", "no-such-rule"], ["lsp", "Sources"], ["lsp", "--format", "json"]] {
            let client = try ProcessClient(arguments: arguments, directory: folder.path)
            XCTAssertEqual(client.exitStatus(), 2, "\(arguments)")
            XCTAssertTrue(client.standardError().contains("keychain-lint: error:"), "\(arguments)")
        }
    }
}
