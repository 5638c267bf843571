import KeychainLint

/// What the server asks of the linter: lint these paths as a project, with the open documents'
/// text in place of their files on disk. The command line supplies the implementation that
/// reads the project's configuration files as a lint run would (`keychain-lint lsp`); tests supply
/// their own.
package protocol WorkspaceLinting: AnyObject {
    func lint(_ request: WorkspaceLintRequest) -> WorkspaceLintOutcome
    /// The inventory of the same paths as `keychain-lint inventory --format json` prints it, or
    /// `nil` when the linter cannot make one (`LanguageServer+Inventory`).
    func inventory(_ request: WorkspaceLintRequest) -> String?
}

/// One lint of the workspace.
package struct WorkspaceLintRequest {
    /// Absolute paths to lint: the workspace folders that hold an open document, and open
    /// documents outside every folder.
    package var paths: [String]
    /// Absolute path → the UTF-8 text of the open document at that path.
    package var overlays: [String: [UInt8]]
    /// Where a command-line run would start (relative options and the fallback configuration are
    /// found from here): the first workspace folder, else the first document's folder.
    package var folder: String

    package init(paths: [String], overlays: [String: [UInt8]], folder: String) {
        self.paths = paths
        self.overlays = overlays
        self.folder = folder
    }
}

/// What a workspace lint found.
package struct WorkspaceLintOutcome {
    /// Findings with absolute paths.
    package var findings: [Finding]
    /// Messages about the run itself (a configuration file that cannot be used, a folder that
    /// cannot be read): shown to the user once each, as the command line prints them on stderr.
    package var errors: [String]
    package var warnings: [String]

    package init(findings: [Finding], errors: [String] = [], warnings: [String] = []) {
        self.findings = findings
        self.errors = errors
        self.warnings = warnings
    }
}

/// One engine for every file: the rules and platforms of a `LintConfiguration`, no configuration
/// files. For library users and tests; `keychain-lint lsp` reads each project's configuration.
package final class EngineWorkspaceLinter: WorkspaceLinting {
    private let engine: LintEngine

    package init(engine: LintEngine) { self.engine = engine }

    package func lint(_ request: WorkspaceLintRequest) -> WorkspaceLintOutcome {
        let overlays = request.overlays.mapValues { String(decoding: $0, as: UTF8.self) }
        let result = engine.lint(request.paths, overlays: overlays)
        return WorkspaceLintOutcome(findings: result.findings,
                                    errors: result.problems.filter { $0.kind != .warning }.map(\.message),
                                    warnings: result.problems.filter { $0.kind == .warning }.map(\.message))
    }
}
