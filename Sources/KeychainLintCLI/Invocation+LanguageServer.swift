import KeychainLintLanguageServer

extension Invocation {
    /// `keychain-lint lsp`: serves the Language Server Protocol on the process's stdin and stdout
    /// until the client sends `exit` or closes the input. Status 0 after `shutdown`, 1 without, 2
    /// when the options name a rule that does not exist (checked before serving, so the editor's
    /// log says why the server did not start). `KEYCHAIN_LINT_LSP_DEBOUNCE_MS` sets the pause after
    /// a change before the workspace is linted again (default 50).
    func serveLanguageServer() -> Int32 {
        do {
            _ = try options.rules.apply(to: defaultRules, available: availableRules)
        } catch {
            stderr.write("keychain-lint: error: \(error)\n")
            return ExitCode.usage
        }
        var settings = LanguageServer.Settings()
        if let value = environment["KEYCHAIN_LINT_LSP_DEBOUNCE_MS"] {
            guard let ms = Double(value), ms >= 0, ms <= 10_000 else {
                stderr.write("keychain-lint: error: KEYCHAIN_LINT_LSP_DEBOUNCE_MS must be milliseconds from 0 to 10000, got '\(value)'\n")
                return ExitCode.usage
            }
            settings.debounce = ms / 1000
        }
        let linter = LanguageServerLinter(options: options, environment: environment,
                                          defaultRules: defaultRules, availableRules: availableRules)
        return StdioServer.run(linter: linter, settings: settings)
    }
}
