import KeychainLint
import KeychainLintLanguageServer
import KeychainLintProject
import KeychainLintRules

/// The language server's linter for `keychain-lint lsp`: each lint is a command-line run over the
/// workspace (`ScopedLinter`), from the first workspace folder, with the options given after `lsp`
/// (`--config`, `--platform`, `--enable`, `--disable`, `--only`, `--baseline`) and the open
/// documents as overlays. The configuration files are read again on each lint, so an edited
/// `.keychain-lint.json` takes effect without restarting the server.
final class LanguageServerLinter: WorkspaceLinting {
    private let options: Options
    private let environment: [String: String]
    private let defaultRules: [ActiveRule]
    private let availableRules: [any Rule.Type]

    init(options: Options, environment: [String: String], defaultRules: [ActiveRule], availableRules: [any Rule.Type]) {
        self.options = options
        self.environment = environment
        self.defaultRules = defaultRules
        self.availableRules = availableRules
    }

    func lint(_ request: WorkspaceLintRequest) -> WorkspaceLintOutcome {
        // As `keychain-lint .` run in the workspace folder.
        let workingDirectory = request.folder
        let settings: RunSettings
        do {
            settings = try RunSettings.resolve(options, defaults: defaultRules, available: availableRules,
                                               workingDirectory: workingDirectory)
        } catch {
            return WorkspaceLintOutcome(findings: [], errors: [error.description])
        }
        let overlays = Dictionary(request.overlays.map { (FileDiscovery.overlayKey($0.key, workingDirectory: nil), $0.value) },
                                  uniquingKeysWith: { _, last in last })
        let linter = ScopedLinter(settings: settings, environment: environment, workingDirectory: workingDirectory)
        switch linter.lint(request.paths, overlays: overlays) {
        case .success(let scoped):
            let problems = scoped.result.problems
            return WorkspaceLintOutcome(findings: scoped.result.findings,
                                        errors: problems.filter { $0.kind != .warning }.map(\.message),
                                        warnings: problems.filter { $0.kind == .warning }.map(\.message))
        case .failure(let failure):
            return WorkspaceLintOutcome(findings: [], errors: [failure.description])
        }
    }

    /// `keychainLint/inventory`: `keychain-lint inventory --format json` over the workspace, with the
    /// open documents as overlays; `nil` when the settings or the paths cannot be used.
    func inventory(_ request: WorkspaceLintRequest) -> String? {
        guard let settings = try? RunSettings.resolve(options, defaults: defaultRules, available: availableRules,
                                                      workingDirectory: request.folder) else { return nil }
        let overlays = Dictionary(request.overlays.map { (FileDiscovery.overlayKey($0.key, workingDirectory: nil), $0.value) },
                                  uniquingKeysWith: { _, last in last })
        let linter = ScopedLinter(settings: settings, environment: environment, workingDirectory: request.folder)
        guard case .success(let scoped) = linter.lint(request.paths, overlays: overlays, collectsInventory: true) else { return nil }
        let result = scoped.result
        return InventoryJSON.render(KeychainInventory(records: scoped.records, findings: result.findings, problems: result.problems,
                                                      filesAnalysed: result.filesLinted))
    }
}
