import KeychainLint
import KeychainLintReporters
import KeychainLintRules

/// One run of the command once its arguments are parsed (swift-format's `Frontend`): the options,
/// the rules it may run, where it runs and the streams, held once so that each step is a method
/// instead of a function handed all of them. The actions that lint nothing answer here; a lint
/// resolves its settings and goes on as a `LintInvocation`.
struct Invocation {
    typealias ExitCode = CommandLineTool.ExitCode

    let options: Options
    let environment: [String: String]
    /// The rules on by default; `--enable`, `--disable` and `--only` change the set.
    let defaultRules: [ActiveRule]
    /// Every rule `--enable`/`--only` may name and `rules` lists.
    let availableRules: [any Rule.Type]
    let workingDirectory: String?
    let stdin: any InputSource
    let stdout: any OutputSink
    let stderr: any OutputSink

    func run() -> Int32 {
        switch options.action {
        case .languageServer: return serveLanguageServer()
        case .lint: return lint()
        case .inventory: return inventory()
        case .help, .languageServerHelp, .inventoryHelp, .version, .listRules, .explain: return inform()
        }
    }

    /// Resolves the settings (arguments and configuration files) and the reporter, then lints.
    private func lint() -> Int32 {
        let settings: RunSettings
        do {
            settings = try RunSettings.resolve(options, defaults: defaultRules, available: availableRules,
                                               workingDirectory: workingDirectory)
        } catch {
            stderr.write("keychain-lint: error: \(error)\n")
            return ExitCode.usage
        }
        guard let reporter = ReporterRegistry.reporter(named: options.format) else {
            // Options.parse validated the name; kept for safety.
            stderr.write("keychain-lint: error: \(UsageError.unknownFormat(options.format))\n")
            return ExitCode.usage
        }
        return LintInvocation(self, settings: settings, reporter: reporter).run()
    }

    /// `--help`, `--version`, `rules` and `explain`: the actions that lint nothing.
    private func inform() -> Int32 {
        switch options.action {
        case .help:
            stdout.write(Options.usage)
        case .languageServerHelp:
            stdout.write(Options.languageServerUsage)
        case .version:
            stdout.write("keychain-lint \(CommandLineTool.version)\n")
        case .listRules(let format):
            stdout.write(format == .json ? RuleListing.json(availableRules) : RuleListing.text(availableRules))
        case .explain(let id):
            guard let rule = availableRules.first(where: { $0.description.id == id }) else {
                let suggestion = RuleSelection.closest(to: id, in: availableRules.map { $0.description.id })
                stderr.write("keychain-lint: error: \(UsageError.unknownRule(id, suggestion: suggestion))\n")
                return ExitCode.usage
            }
            stdout.write(RuleDocumentation.explanation(for: rule.description))
        case .inventoryHelp:
            stdout.write(Options.inventoryUsage)
        case .lint, .languageServer, .inventory:
            break
        }
        return ExitCode.success
    }
}
