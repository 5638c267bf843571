import Foundation
import XCTest
import KeychainLint
@testable import KeychainLintLanguageServer

/// A language server in-process: messages in as JSON objects, everything it sends decoded, time
/// moved by hand (`ManualScheduler`), a real engine over a scratch folder or a counting stand-in.
final class ServerHarness {
    let scheduler = ManualScheduler()
    let server: LanguageServer
    private(set) var sent: [JSONObject] = []
    private var nextID = 1

    init(linter: any WorkspaceLinting, debounce: Double = 0.05) {
        var output: [JSONObject] = []
        let collect: ([UInt8]) -> Void = { bytes in
            output.append((try? JSONSerialization.jsonObject(with: Data(bytes))) as? JSONObject ?? ["unparsable": true])
        }
        server = LanguageServer(linter: linter, scheduler: scheduler, settings: .init(debounce: debounce), send: { collect($0) })
        self.take = { defer { output = [] }; return output }
    }

    private let take: () -> [JSONObject]

    /// What the server sent since the last call.
    func drain() -> [JSONObject] {
        let new = take()
        sent += new
        return new
    }

    func raw(_ text: String) -> [JSONObject] {
        server.handle(Array(text.utf8))
        return drain()
    }

    func notify(_ method: String, _ params: JSONObject) {
        server.handle(JSONRPC.encode(["jsonrpc": "2.0", "method": method, "params": params]))
    }

    /// Sends a request and returns the response to it (the other messages stay in `sent`).
    @discardableResult
    func request(_ method: String, _ params: JSONObject = [:]) -> JSONObject? {
        nextID += 1
        let id = nextID
        server.handle(JSONRPC.encode(["jsonrpc": "2.0", "id": id, "method": method, "params": params]))
        return drain().first { $0["id"] as? Int == id }
    }

    func initialize(root: String?, documentChanges: Bool = false) {
        var params: JSONObject = ["processId": NSNull(), "capabilities": ["workspace": ["workspaceEdit": ["documentChanges": documentChanges]]]]
        if let root { params["rootUri"] = FileURI.uri(of: root) }
        XCTAssertNotNil(request("initialize", params)?["result"])
        notify("initialized", [:])
    }

    func open(_ uri: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "swift", "version": version, "text": text]])
    }

    func change(_ uri: String, version: Int, _ changes: [JSONObject]) {
        notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": version], "contentChanges": changes])
    }

    /// The diagnostics published for `uri` since the last `drain`, newest last.
    func published(_ uri: String) -> [[JSONObject]] {
        drain().filter { $0["method"] as? String == "textDocument/publishDiagnostics" }
            .compactMap { $0["params"] as? JSONObject }
            .filter { $0["uri"] as? String == uri }
            .map { $0["diagnostics"] as? [JSONObject] ?? [] }
    }

    static func code(_ diagnostic: JSONObject) -> String { diagnostic["code"] as? String ?? "" }

    static func start(_ diagnostic: JSONObject) -> Position? {
        Position(json: (diagnostic["range"] as? JSONObject)?["start"])
    }
}

/// Counts lints and returns what it is told to.
final class CountingLinter: WorkspaceLinting {
    var requests: [WorkspaceLintRequest] = []
    var findings: (WorkspaceLintRequest) -> [Finding] = { _ in [] }
    var errors: [String] = []

    func lint(_ request: WorkspaceLintRequest) -> WorkspaceLintOutcome {
        requests.append(request)
        return WorkspaceLintOutcome(findings: findings(request), errors: errors)
    }
}

/// A scratch folder, removed after the test.
final class ScratchFolder {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        path = FileURI.standardisedForTests((base.hasSuffix("/") ? base : base + "/") + "kl-lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    @discardableResult
    func write(_ rel: String, _ text: String) -> String {
        let file = path + "/" + rel
        try? FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: file, contents: Data(text.utf8))
        return file
    }

    func uri(_ rel: String) -> String { FileURI.uri(of: path + "/" + rel) }
}

extension FileURI {
    /// The path as the server will see it coming back from a URI (a temporary folder may be a
    /// symbolic link's path; the server does not resolve links, and neither do the tests).
    static func standardisedForTests(_ path: String) -> String { FileURI.path(of: FileURI.uri(of: path)) ?? path }
}
