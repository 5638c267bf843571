import KeychainLintSyntax

extension Options {
    /// The lint options `lsp` takes: those that choose what a lint finds. Output, baseline writing
    /// and exit-status options mean nothing to a server.
    package static let languageServerOptionNames: Set<String> = ["--config", "--platform", "--enable", "--disable", "--only", "--baseline"]
    static var languageServerOptions: String { "--config, --platform, --enable, --disable, --only and --baseline" }

    /// `lsp [OPTIONS]`: the options apply to every lint the server runs, as they would to a
    /// command-line run in the workspace folder. Paths are refused: the client names the folders.
    static func parseLanguageServer(_ arguments: ArraySlice<String>) throws(UsageError) -> Options {
        var expectsValue = false
        for argument in arguments {
            if expectsValue {
                expectsValue = false
                continue
            }
            if argument == "-h" || argument == "--help" {
                var help = Options()
                help.action = .languageServerHelp
                return help
            }
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            guard argument.hasPrefix("-"), argument != "-", argument != "--" else {
                throw .notTakenBy(command: "lsp", argument: argument)
            }
            guard languageServerOptionNames.contains(name) else { throw .notTakenBy(command: "lsp", argument: argument) }
            expectsValue = !argument.contains("=")
        }
        var options = try parse(Array(arguments))
        if options.action == .lint { options.action = .languageServer }
        return options
    }

    /// `keychain-lint lsp --help`: what the server is, how an editor starts it, and its options.
    package static var languageServerUsage: String {
        let platforms = Platform.allCases.map(\.rawValue).joined(separator: "|")
        return """
        OVERVIEW: A language server (LSP 3.17) for editors: keychain-lint's findings
        on open Swift and .entitlements documents as you type, the rules' quick fixes,
        and a code action that adds a suppression comment.

        USAGE: keychain-lint lsp [options]

          The editor starts the server as a command and speaks JSON-RPC with it on
          stdin and stdout; it is not run by hand (stderr is for the editor's log).
          Neovim: vim.lsp.start({ name = "keychain-lint", cmd = { "keychain-lint", "lsp" } })
          VS Code (Generic LSP Client): command "keychain-lint", arguments ["lsp"]
          Helix: [language-server.keychain-lint] command = "keychain-lint", args = ["lsp"]
          Each lint covers the workspace folders as 'keychain-lint .' would in the
          first one: the nearest .keychain-lint.json above each file, its baseline,
          entitlements and platforms; open buffers stand in for their files.

        OPTIONS (applied to every lint; paths and output options are not taken):
          --config <path>        One configuration file for every file, relative to the
                                 first workspace folder, instead of the nearest
                                 .keychain-lint.json above each one.
          --platform <platform>  Lint every file as built for this platform. Repeatable.
                                 Platforms: \(platforms).
          --enable <rule>[,<rule>…]
                                 Turn on rules that are off by default. Repeatable.
          --disable <rule>[,<rule>…]
                                 Turn off rules. Repeatable.
          --only <rule>[,<rule>…]
                                 Run only these rules. Repeatable.
          --baseline <path>      Hide the findings recorded in this baseline file.
          -h, --help             Show this help.

        ENVIRONMENT:
          KEYCHAIN_LINT_LSP_DEBOUNCE_MS  Milliseconds after an edit before linting
                                 (0 to 10000, default 50); or the client's
                                 initializationOptions { "debounceMilliseconds": N }.

        EXIT STATUS:
          0  after the client's shutdown and exit
          1  the client went away (exit or end of input) without shutdown
          2  a usage error: an option lsp does not take, or an unknown rule id

        More: docs/EDITORS.md.

        """
    }
}
