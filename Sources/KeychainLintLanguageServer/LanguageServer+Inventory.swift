import Foundation
import KeychainLint
import KeychainLintProject

extension WorkspaceLinting {
    /// A linter that cannot make an inventory (the library's `EngineWorkspaceLinter`, tests'):
    /// the server then answers `keychainLint/inventory` with "method not found".
    package func inventory(_ request: WorkspaceLintRequest) -> String? { nil }
}

extension LanguageServer {
    /// `keychainLint/inventory` (no params): the workspace's keychain inventory, as
    /// `keychain-lint inventory --format json` prints it, over every workspace folder and open
    /// document outside them, with the open documents' unsaved text. `nil` when the linter
    /// cannot make one.
    func inventoryResult() -> Any? {
        var overlays: [String: [UInt8]] = [:]
        for document in documents.values {
            if let path = Self.lintablePath(of: document) { overlays[path] = document.bytes }
        }
        let paths = roots + lintPaths(for: overlays.keys.sorted()).filter { !roots.contains($0) }
        let folder = roots.first ?? paths.first.map(Paths.parent) ?? "/"
        guard let text = linter.inventory(WorkspaceLintRequest(paths: paths, overlays: overlays, folder: folder)) else { return nil }
        return try? JSONSerialization.jsonObject(with: Data(text.utf8))
    }
}
