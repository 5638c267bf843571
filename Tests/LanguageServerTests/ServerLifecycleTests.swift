import Foundation
import XCTest
@testable import KeychainLintLanguageServer

/// The lifecycle and the JSON-RPC rules, in-process: what is answered before `initialize`, after
/// `shutdown`, to unknown methods and to malformed messages; notifications are never answered.
final class ServerLifecycleTests: XCTestCase {
    private func errorCode(_ response: JSONObject?) -> Int? { (response?["error"] as? JSONObject)?["code"] as? Int }

    func testRequestBeforeInitializeIsRefusedAndNotificationsAreDropped() {
        let harness = ServerHarness(linter: CountingLinter())
        XCTAssertEqual(errorCode(harness.request("textDocument/codeAction")), JSONRPC.ErrorCode.serverNotInitialized)
        harness.open("file:///tmp/a.swift", "let a = 1")
        harness.scheduler.advance(by: 1)
        XCTAssertEqual(harness.drain().count, 0)
    }

    func testInitializeAnnouncesSyncCodeActionsAndUTF16() throws {
        let harness = ServerHarness(linter: CountingLinter())
        let result = try XCTUnwrap(harness.request("initialize", ["rootUri": "file:///tmp/p", "capabilities": [:] as JSONObject])?["result"] as? JSONObject)
        let capabilities = try XCTUnwrap(result["capabilities"] as? JSONObject)
        XCTAssertEqual(capabilities["positionEncoding"] as? String, "utf-16")
        XCTAssertEqual((capabilities["textDocumentSync"] as? JSONObject)?["change"] as? Int, 2, "incremental sync")
        XCTAssertNotNil(capabilities["codeActionProvider"])
        XCTAssertEqual((result["serverInfo"] as? JSONObject)?["name"] as? String, "keychain-lint")
        XCTAssertEqual(harness.server.roots, ["/tmp/p"])
        XCTAssertEqual(errorCode(harness.request("initialize")), JSONRPC.ErrorCode.invalidRequest, "only once")
    }

    func testWorkspaceFoldersWinOverRootURIAndTheDiskRootIsNoFolder() {
        let harness = ServerHarness(linter: CountingLinter())
        harness.request("initialize", ["rootUri": "file:///tmp/p", "capabilities": [:] as JSONObject,
                                       "workspaceFolders": [["uri": "file:///tmp/a", "name": "a"], ["uri": "file:///", "name": "disk"]]])
        XCTAssertEqual(harness.server.roots, ["/tmp/a"])
    }

    func testUnknownRequestIsMethodNotFoundAndUnknownNotificationIsIgnored() {
        let harness = ServerHarness(linter: CountingLinter())
        harness.initialize(root: nil)
        XCTAssertEqual(errorCode(harness.request("textDocument/hover")), JSONRPC.ErrorCode.methodNotFound)
        // A linter that makes no inventory (the library's, tests'): the request is not offered.
        XCTAssertEqual(errorCode(harness.request("keychainLint/inventory")), JSONRPC.ErrorCode.methodNotFound)
        harness.notify("$/somethingNew", ["x": 1])
        harness.notify("textDocument/didOpen", ["nonsense": true])
        harness.notify("textDocument/didChange", ["textDocument": ["uri": "file:///not/open.swift", "version": 2], "contentChanges": []])
        XCTAssertEqual(harness.drain().count, 0, "notifications are never answered, even malformed ones")
    }

    func testMalformedMessagesGetErrorResponsesWithNullID() {
        let harness = ServerHarness(linter: CountingLinter())
        for (text, code) in [("{oops", JSONRPC.ErrorCode.parseError), ("42", JSONRPC.ErrorCode.invalidRequest),
                             (#"{"jsonrpc":"1.0","id":1,"method":"x"}"#, JSONRPC.ErrorCode.invalidRequest)] {
            let out = harness.raw(text)
            XCTAssertEqual(out.count, 1, text)
            XCTAssertEqual(errorCode(out.first), code, text)
        }
        XCTAssertTrue(harness.raw("{oops").first?["id"] is NSNull)
        harness.server.handleInvalidHeader("no Content-Length")
        XCTAssertEqual(errorCode(harness.drain().first), JSONRPC.ErrorCode.parseError)
        XCTAssertNil(harness.server.exitCode, "still serving")
    }

    func testInvalidCodeActionParamsAreInvalidParams() {
        let harness = ServerHarness(linter: CountingLinter())
        harness.initialize(root: nil)
        XCTAssertEqual(errorCode(harness.request("textDocument/codeAction", ["textDocument": ["uri": 3]])), JSONRPC.ErrorCode.invalidParams)
    }

    func testShutdownThenExitIsStatusZero() {
        let harness = ServerHarness(linter: CountingLinter())
        harness.initialize(root: nil)
        let response = harness.request("shutdown")
        XCTAssertTrue(response?["result"] is NSNull)
        XCTAssertEqual(errorCode(harness.request("textDocument/codeAction")), JSONRPC.ErrorCode.invalidRequest, "after shutdown")
        XCTAssertNil(harness.server.exitCode)
        harness.notify("exit", [:])
        XCTAssertEqual(harness.server.exitCode, 0)
        XCTAssertNil(harness.request("shutdown"), "nothing is answered after exit")
    }

    func testExitWithoutShutdownIsStatusOneAndSoIsTheEndOfInput() {
        let harness = ServerHarness(linter: CountingLinter())
        harness.initialize(root: nil)
        harness.notify("exit", [:])
        XCTAssertEqual(harness.server.exitCode, 1)
        let other = ServerHarness(linter: CountingLinter())
        other.server.inputEnded()
        XCTAssertEqual(other.server.exitCode, 1)
        let polite = ServerHarness(linter: CountingLinter())
        polite.initialize(root: nil)
        polite.request("shutdown")
        polite.server.inputEnded()
        XCTAssertEqual(polite.server.exitCode, 0)
    }

    func testCancelledRequestIsAnsweredAsCancelled() {
        let harness = ServerHarness(linter: CountingLinter())
        harness.initialize(root: nil)
        harness.server.cancelled.insert(.number(99))
        harness.server.handle(JSONRPC.encode(["jsonrpc": "2.0", "id": 99, "method": "textDocument/codeAction", "params": [:] as JSONObject]))
        XCTAssertEqual(errorCode(harness.drain().first), JSONRPC.ErrorCode.requestCancelled)
        let cancel = JSONRPC.parse(JSONRPC.encode(["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": "abc"]]))
        XCTAssertEqual(CancelledRequests.cancelledID(in: cancel), .string("abc"))
    }
}
