extension Options {
    /// The lint options `lsp` takes: those that choose what a lint finds. Output, baseline writing
    /// and exit-status options mean nothing to a server.
    static let languageServerOptionNames: Set<String> = ["--config", "--platform", "--enable", "--disable", "--only", "--baseline"]
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
            if argument == "-h" || argument == "--help" { break }
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
}
