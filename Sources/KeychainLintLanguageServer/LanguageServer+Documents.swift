import KeychainLint
import KeychainLintProject

/// Text sync and linting: open documents are kept in memory, changes are applied to them, and
/// after a pause (`Settings.debounce`) the workspace is linted with the open documents in place
/// of their files on disk, so an edit to a helper in one buffer changes findings in another.
extension LanguageServer {
    func didOpen(_ params: JSONObject) {
        guard let item = params["textDocument"] as? JSONObject, let uri = item["uri"] as? String,
              let text = item["text"] as? String else { return }
        documents[uri] = TextDocument(uri: uri, version: item["version"] as? Int ?? 0,
                                      languageID: item["languageId"] as? String ?? "", text: text)
        documentsChanged()
    }

    /// Full (`text` alone) and incremental (`range` + `text`) changes, applied in order.
    func didChange(_ params: JSONObject) {
        guard let item = params["textDocument"] as? JSONObject, let uri = item["uri"] as? String,
              var document = documents[uri], let changes = params["contentChanges"] as? [JSONObject] else { return }
        for change in changes {
            guard let text = change["text"] as? String else { continue }
            if change["range"] != nil {
                guard let range = TextRange(json: change["range"]) else { continue }
                document.replace(range, with: text)
            } else {
                document.replaceAll(with: text)
            }
        }
        document.version = item["version"] as? Int ?? document.version + 1
        documents[uri] = document
        documentsChanged()
    }

    /// The file on disk changed: documents that are not open may read it, so lint again.
    func didSave(_ params: JSONObject) {
        guard let item = params["textDocument"] as? JSONObject, let uri = item["uri"] as? String,
              documents[uri] != nil else { return }
        documentsChanged()
    }

    /// The document's diagnostics are cleared at once; the others are linted again, now with the
    /// file on disk in its place.
    func didClose(_ params: JSONObject) {
        guard let item = params["textDocument"] as? JSONObject, let uri = item["uri"] as? String,
              documents.removeValue(forKey: uri) != nil else { return }
        linted[uri] = nil
        if published.remove(uri) != nil { publish(uri, version: nil, diagnostics: []) }
        documentsChanged()
    }

    /// Schedules a lint after the debounce delay; a later change makes this one do nothing.
    func documentsChanged() {
        changeCount += 1
        let count = changeCount
        scheduler.schedule(after: settings.debounce) { [weak self] in
            guard let self, self.exitCode == nil, self.changeCount == count, self.lintedChangeCount < count else { return }
            self.lintNow()
        }
    }

    /// Lints now if a change is waiting (a code action must see the current text).
    func lintIfChanged() {
        if lintedChangeCount < changeCount { lintNow() }
    }

    /// Whether the server lints a document: a `file:` URI of a Swift or entitlements file.
    static func lintablePath(of document: TextDocument) -> String? {
        guard let path = FileURI.path(of: document.uri) else { return nil }
        let swift = path.hasSuffix(".swift") || document.languageID == "swift"
        return swift || path.hasSuffix(".entitlements") ? path : nil
    }

    /// Lints the workspace folders that hold an open document, and open documents outside every
    /// folder, then publishes the diagnostics of every open document.
    func lintNow() {
        lintedChangeCount = changeCount
        var overlays: [String: [UInt8]] = [:]
        var uriByPath: [String: String] = [:]
        for (uri, document) in documents {
            guard let path = Self.lintablePath(of: document) else { continue }
            overlays[path] = document.bytes
            uriByPath[path] = uri
        }
        guard !overlays.isEmpty else { return }
        let documentPaths = overlays.keys.sorted()
        let folder = roots.first ?? Paths.parent(documentPaths[0])
        let outcome = linter.lint(WorkspaceLintRequest(paths: lintPaths(for: documentPaths), overlays: overlays, folder: folder))
        var byPath: [String: [Finding]] = [:]
        for finding in outcome.findings {
            byPath[Paths.absolute(finding.path, base: "/"), default: []].append(finding)
        }
        for (path, uri) in uriByPath.sorted(by: { $0.key < $1.key }) {
            guard let document = documents[uri] else { continue }
            let findings = byPath[path] ?? []
            linted[uri] = (document.version, findings)
            // An empty list is sent only to clear what was shown.
            guard !findings.isEmpty || published.contains(uri) else { continue }
            if findings.isEmpty { published.remove(uri) } else { published.insert(uri) }
            publish(uri, version: document.version, diagnostics: findings.map { Diagnostics.diagnostic($0, in: document) })
        }
        show(outcome)
    }

    /// Each workspace folder holding an open document, once, and each open document in none.
    func lintPaths(for documentPaths: [String]) -> [String] {
        var paths: [String] = []
        for path in documentPaths {
            if let root = roots.first(where: { Paths.relative(path, inside: $0) != nil }) {
                if !paths.contains(root) { paths.append(root) }
            } else {
                paths.append(path)
            }
        }
        return paths
    }

    func publish(_ uri: String, version: Int?, diagnostics: [JSONObject]) {
        var params: JSONObject = ["uri": uri, "diagnostics": diagnostics]
        if let version { params["version"] = version }
        send(JSONRPC.notification(method: "textDocument/publishDiagnostics", params: params))
    }

    /// Run errors as `window/showMessage` (the user must see a broken configuration), warnings as
    /// `window/logMessage`; each message once per session.
    private func show(_ outcome: WorkspaceLintOutcome) {
        for (messages, type) in [(outcome.errors, 1), (outcome.warnings, 2)] {
            for message in messages where shownMessages.insert(message).inserted {
                send(JSONRPC.notification(method: type == 1 ? "window/showMessage" : "window/logMessage",
                                          params: ["type": type, "message": "keychain-lint: \(message)"] as JSONObject))
            }
        }
    }
}
