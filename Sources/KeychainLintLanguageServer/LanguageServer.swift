import Foundation
import KeychainLint
import KeychainLintProject

/// The language server's state and its answers to each message: a state machine the transport
/// (`StdioServer`) feeds one message body at a time, always from one queue. It writes only through
/// `send` and never exits; the transport reads `exitCode` once `exit` arrived.
///
/// Lifecycle as LSP 3.17 has it: requests before `initialize` get `ServerNotInitialized`,
/// notifications then are dropped; after `shutdown` requests get `InvalidRequest`; `exit` ends
/// the server with status 0 after `shutdown` and 1 without.
package final class LanguageServer {
    package struct Settings {
        /// How long after the last change the workspace is linted again: a burst of keystrokes
        /// is one lint. `0` lints after every change (the latency benchmark).
        package var debounce: Double = 0.05

        package init(debounce: Double = 0.05) { self.debounce = debounce }
    }

    enum State { case uninitialized, running, shutDown }

    let linter: any WorkspaceLinting
    let scheduler: any Scheduling
    let send: ([UInt8]) -> Void
    let cancelled: CancelledRequests
    var settings: Settings
    var state = State.uninitialized
    /// The exit status once `exit` arrived; the transport stops reading then.
    package private(set) var exitCode: Int32?

    /// Workspace folders (absolute paths) from `initialize`.
    package internal(set) var roots: [String] = []
    /// Whether the client applies `documentChanges` (versioned edits) in a `WorkspaceEdit`.
    var clientTakesDocumentChanges = false
    /// Open documents by URI as the client spelled it.
    package internal(set) var documents: [String: TextDocument] = [:]
    /// Each linted document's findings and the version they belong to, for code actions.
    var linted: [String: (version: Int, findings: [Finding])] = [:]
    /// Documents whose last published diagnostics were not empty.
    var published: Set<String> = []
    /// Changes seen, and the count the last lint included: equal means nothing waits.
    var changeCount = 0
    var lintedChangeCount = 0
    /// Run messages already shown, so a broken configuration is reported once, not per keystroke.
    var shownMessages: Set<String> = []

    package init(linter: any WorkspaceLinting, scheduler: any Scheduling, settings: Settings = Settings(),
                 cancelled: CancelledRequests = CancelledRequests(), send: @escaping ([UInt8]) -> Void) {
        self.linter = linter
        self.scheduler = scheduler
        self.settings = settings
        self.cancelled = cancelled
        self.send = send
    }

    /// Handles one message body. Never throws: whatever the client sends is answered or dropped.
    package func handle(_ body: [UInt8]) {
        guard exitCode == nil else { return }
        switch JSONRPC.parse(body) {
        case .request(let id, let method, let params):
            if cancelled.take(id) {
                send(JSONRPC.error(id: id, code: JSONRPC.ErrorCode.requestCancelled, message: "Request cancelled"))
                return
            }
            respond(to: id, method: method, params: params)
        case .notification(let method, let params):
            notified(method, params: params)
        case .response:
            break
        case .invalid(let id, let code, let message):
            send(JSONRPC.error(id: id, code: code, message: message))
        }
    }

    /// A header the framing could not read: answered as a parse error with a `null` id.
    package func handleInvalidHeader(_ problem: String) {
        send(JSONRPC.error(id: nil, code: JSONRPC.ErrorCode.parseError, message: "Parse error: \(problem)"))
    }

    /// The input ended without `exit`: the client is gone. Status 0 only after `shutdown`.
    package func inputEnded() {
        if exitCode == nil { exitCode = state == .shutDown ? 0 : 1 }
    }

    private func respond(to id: JSONRPC.ID, method: String, params: Any?) {
        switch (state, method) {
        case (.uninitialized, "initialize"):
            send(JSONRPC.response(id: id, result: initialize(params as? JSONObject ?? [:])))
            state = .running
        case (.uninitialized, _):
            send(JSONRPC.error(id: id, code: JSONRPC.ErrorCode.serverNotInitialized, message: "Server not initialized"))
        case (.shutDown, _):
            send(JSONRPC.error(id: id, code: JSONRPC.ErrorCode.invalidRequest, message: "Invalid Request: the server is shut down"))
        case (.running, "initialize"):
            send(JSONRPC.error(id: id, code: JSONRPC.ErrorCode.invalidRequest, message: "Invalid Request: already initialized"))
        case (.running, "shutdown"):
            state = .shutDown
            send(JSONRPC.response(id: id, result: NSNull()))
        case (.running, "textDocument/codeAction"):
            guard let object = params as? JSONObject, let actions = codeActions(object) else {
                send(JSONRPC.error(id: id, code: JSONRPC.ErrorCode.invalidParams, message: "Invalid params: expected textDocument and range"))
                return
            }
            send(JSONRPC.response(id: id, result: actions))
        case (.running, "keychainLint/inventory"):
            if let inventory = inventoryResult() {
                send(JSONRPC.response(id: id, result: inventory))
            } else {
                send(JSONRPC.error(id: id, code: JSONRPC.ErrorCode.methodNotFound, message: "Method not found: \(method)"))
            }
        case (.running, _):
            send(JSONRPC.error(id: id, code: JSONRPC.ErrorCode.methodNotFound, message: "Method not found: \(method)"))
        }
    }

    private func notified(_ method: String, params: Any?) {
        if method == "exit" {
            exitCode = state == .shutDown ? 0 : 1
            return
        }
        // Before `initialize` and after `shutdown` notifications other than `exit` are dropped.
        guard state == .running, let object = params as? JSONObject else { return }
        switch method {
        case "textDocument/didOpen": didOpen(object)
        case "textDocument/didChange": didChange(object)
        case "textDocument/didSave": didSave(object)
        case "textDocument/didClose": didClose(object)
        case "workspace/didChangeWorkspaceFolders": didChangeFolders(object)
        default: break // `initialized`, `$/cancelRequest` (taken by the reader), `$/setTrace`, others: nothing to do.
        }
    }

    /// Reads the workspace folders and the client's edit support; announces what the server does.
    private func initialize(_ params: JSONObject) -> JSONObject {
        var roots = (params["workspaceFolders"] as? [JSONObject] ?? []).compactMap { ($0["uri"] as? String).flatMap(FileURI.path(of:)) }
        if roots.isEmpty, let uri = params["rootUri"] as? String, let path = FileURI.path(of: uri) { roots = [path] }
        if roots.isEmpty, let path = params["rootPath"] as? String, path.hasPrefix("/") { roots = [Paths.normalised(path)] }
        // A server lints the folders on every change: `/` as a folder would be the whole disk.
        self.roots = roots.filter { $0 != "/" }
        let workspace = (params["capabilities"] as? JSONObject)?["workspace"] as? JSONObject
        clientTakesDocumentChanges = (workspace?["workspaceEdit"] as? JSONObject)?["documentChanges"] as? Bool ?? false
        if let options = params["initializationOptions"] as? JSONObject, let ms = options["debounceMilliseconds"] as? Double, ms >= 0 {
            settings.debounce = ms / 1000
        }
        return [
            "capabilities": [
                "positionEncoding": "utf-16",
                "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]] as JSONObject,
                "codeActionProvider": ["codeActionKinds": ["quickfix"]],
                "workspace": ["workspaceFolders": ["supported": true, "changeNotifications": true]],
            ] as JSONObject,
            "serverInfo": ["name": "keychain-lint", "version": ToolInfo.version],
        ]
    }

    private func didChangeFolders(_ params: JSONObject) {
        guard let event = params["event"] as? JSONObject else { return }
        let paths: (String) -> [String] = { key in
            (event[key] as? [JSONObject] ?? []).compactMap { ($0["uri"] as? String).flatMap(FileURI.path(of:)) }
        }
        let removed = Set(paths("removed"))
        roots = roots.filter { !removed.contains($0) } + paths("added").filter { !roots.contains($0) }
        documentsChanged()
    }
}
