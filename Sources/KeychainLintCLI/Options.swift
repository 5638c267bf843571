import KeychainLintSyntax
import KeychainLintProject
import KeychainLintReporters
import KeychainLintSupport

/// The parsed command line.
package struct Options {
    package enum Action: Equatable {
        case lint
        case help
        case version
        /// `keychain-lint rules`: list the rules.
        case listRules(RuleListFormat)
        /// `keychain-lint explain RULE`: print the rule's page.
        case explain(String)
        /// `keychain-lint lsp`: serve the Language Server Protocol on stdin and stdout.
        case languageServer
        /// `keychain-lint lsp --help`: describe the server, not the lint run.
        case languageServerHelp
        /// `keychain-lint inventory`: list the keychain items the code touches (`Options.inventory`).
        case inventory
        /// `keychain-lint inventory --help`.
        case inventoryHelp
    }

    /// What `keychain-lint rules` prints: a text table (the default) or JSON.
    package enum RuleListFormat: String, Equatable {
        case text, json
    }

    package var action: Action = .lint
    /// Paths as the user wrote them; `.` when none was given.
    package var paths: [String] = []
    package var format: String = ReporterRegistry.defaultName
    /// The union of every `--platform`; `nil` when none was given (then project files decide).
    package var platforms: PlatformSet?
    package var rules = RuleSelection()
    /// `--output FORMAT=PATH`: extra reports written to files, each atomically.
    package var outputs: [(format: String, path: String)] = []
    /// `--config PATH`: the configuration file for every linted file, instead of the nearest `.keychain-lint.json` above each.
    package var configPath: String?
    /// `--baseline PATH`: hide the findings recorded there (overrides the configuration's `baseline`).
    package var baselinePath: String?
    /// `--write-baseline PATH`: record the findings there instead of reporting them.
    package var writeBaselinePath: String?
    /// `--force-exclude`: apply the configuration's `include`/`exclude` to paths named on the command line too.
    package var forceExclude = false
    /// `--strict`: a warning fails the run too (status 1).
    package var strict = false
    /// `--strict-files`: linting no file at all is an error (status 2) instead of a warning.
    package var strictFiles = false
    /// `--quiet`: no summary line on stderr.
    package var quiet = false
    /// `--build-stamp PATH`: written after a run without error findings, removed after any other,
    /// so a build system that reruns a command whose output is missing (the build-tool plugin)
    /// caches clean runs and repeats failed ones.
    package var buildStamp: String?
    /// `--stdin-filename PATH`: lint the text on stdin as if it were the file at PATH (its
    /// configuration, project and platforms), for editors and tools that lint unsaved text.
    /// Paths given with it are read as the project around it; only PATH is reported.
    package var stdinFilename: String?
    /// `--fix`: apply the fixes rules offer, write the files, then report what is left.
    package var fix = false
    /// `--diff` (`--dry-run`): print the unified diff `--fix` would make and write nothing.
    package var diff = false
    /// `--color`: whether the text report colours severities (`--no-color` is `never`).
    package var color = ColorChoice.auto
    /// `--unsafe-fixes`: `--fix` and `--diff` apply unsafe fixes too (`FixApplicability.unsafe`),
    /// the ones that change which stored items the code finds.
    package var unsafeFixes = false
    /// `inventory`'s own options (`--format table|json|markdown`, `--against`).
    package var inventory = InventoryOptions()

    /// Whether the run fixes, for real or as a diff.
    package var fixes: Bool { fix || diff }

    package init() {}
}

/// A command line that cannot be run. Every case exits with status 2.
package enum UsageError: Error, Equatable, CustomStringConvertible {
    case unknownOption(String)
    case missingValue(String)
    case unexpectedValue(String)
    case unknownFormat(String)
    case unknownPlatform(String)
    case unknownRule(String, suggestion: String?)
    case badOutput(String)
    /// `--output FORMAT=-`: stdout already carries the `--format` report.
    case outputToStandardOutput(String)
    /// `explain` without a rule id.
    case missingRuleID
    /// An argument or option that `rules` or `explain` does not take.
    case notTakenBy(command: String, argument: String)
    /// A `rules --format` other than text or json.
    case unsupportedRuleListFormat(String)
    /// Two options that ask for different things (`--fix` and `--write-baseline`).
    case incompatible(String, String)
    /// A `--color` other than auto, always or never.
    case unknownColorChoice(String)
    /// An option that means something only with another (`--unsafe-fixes` without `--fix`).
    case needs(String, String)
    /// An `inventory --format` other than table, json or markdown.
    case unsupportedInventoryFormat(String)
    /// An `inventory --fail-on` other than weaker, added or any.
    case unsupportedInventoryFailOn(String)
    /// `inventory --fail-on` without `--against`: there is nothing to compare.
    case inventoryFailOnWithoutAgainst

    package var description: String {
        switch self {
        case .unknownOption(let o):
            let suggestion = o.hasPrefix("--") ? Spelling.closest(to: o, in: Options.optionNames) : nil
            return "unknown option '\(o)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .missingValue(let o):
            return "option '\(o)' needs a value"
        case .unexpectedValue(let o):
            return "option '\(o)' does not take a value"
        case .unknownFormat(let f):
            return "unknown format '\(f)' (expected one of: \(ReporterRegistry.names.joined(separator: ", ")))"
        case .unknownPlatform(let p):
            return "unknown platform '\(p)' (expected one of: \(Platform.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .badOutput(let spec):
            return "--output needs FORMAT=PATH, got '\(spec)'"
        case .outputToStandardOutput(let spec):
            return "--output \(spec): '-' is not a file; stdout has the --format report"
        case .unknownRule(let id, let suggestion):
            return "unknown rule '\(id)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? " (see 'keychain-lint rules')")
        case .missingRuleID:
            return "'explain' needs a rule id"
        case .notTakenBy(let command, let argument):
            let isOption = argument.hasPrefix("-") && argument != "-"
            switch (command, isOption) {
            case ("explain", true): return "'explain' prints the rule's Markdown page and takes no option; unexpected '\(argument)'"
            case ("explain", false): return "'explain' takes one rule id; unexpected argument '\(argument)'"
            case ("lsp", true): return "'lsp' takes only \(Options.languageServerOptions); unexpected '\(argument)'"
            case ("inventory", _): return "'inventory' lists items and changes no file; it does not take '\(argument)'"
            case (_, true): return "'\(command)' takes only --format; unexpected '\(argument)'"
            case (_, false): return "'\(command)' takes no argument; unexpected '\(argument)'"
            }
        case .unsupportedRuleListFormat(let format):
            return "'rules' prints text or json, not '\(format)'"
        case .incompatible(let a, let b):
            return "\(a) and \(b) cannot be used together"
        case .unknownColorChoice(let value):
            return "unknown --color '\(value)' (expected one of: auto, always, never)"
        case .needs(let option, let other):
            return "\(option) takes effect only with \(other)"
        case .unsupportedInventoryFormat(let format):
            return "'inventory' prints table, json or markdown, not '\(format)'"
        case .unsupportedInventoryFailOn(let value):
            return "unknown --fail-on '\(value)' (expected one of: weaker, added, any)"
        case .inventoryFailOnWithoutAgainst:
            return "--fail-on needs --against OLD.json: it judges a comparison"
        }
    }
}

extension Options {
    /// Parses arguments (without the program name). `--help` and `--version` take effect where
    /// they appear: what follows them is not looked at. `--` ends the options; every later
    /// argument is a path, even one that starts with `-`. A lone `-` is a path.
    package static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        // `lint` is what running with no command does (SwiftLint's `swiftlint lint`); a folder
        // named lint is `./lint`.
        let arguments = arguments.first == "lint" ? Array(arguments.dropFirst()) : arguments
        if let command = try parseCommand(arguments) { return command }
        return try parseLint(arguments)
    }

    /// The options of a lint run (also what `inventory` takes besides its own).
    static func parseLint(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var i = 0
        var onlyPaths = false

        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if onlyPaths || !arg.hasPrefix("-") || arg == "-" {
                options.paths.append(arg)
                continue
            }
            if arg == "--" {
                onlyPaths = true
                continue
            }

            // `--name=value` or `--name value`.
            let name: String
            var inlineValue: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inlineValue = String(arg[arg.index(after: eq)...])
            } else {
                name = arg
            }

            func value() throws(UsageError) -> String {
                if let v = inlineValue {
                    if v.isEmpty { throw .missingValue(name) }
                    return v
                }
                guard i < arguments.count else { throw .missingValue(name) }
                i += 1
                return arguments[i - 1]
            }
            func noValue() throws(UsageError) {
                if inlineValue != nil { throw .unexpectedValue(name) }
            }

            switch name {
            case "--help", "-h":
                try noValue()
                options.action = .help
                return options
            case "--version":
                try noValue()
                options.action = .version
                return options
            case "--no-color":
                try noValue()
                options.color = .never
            case _ where flags[name] != nil:
                try noValue()
                options[keyPath: flags[name]!] = true
            case _ where valuedOptions.contains(name):
                try options.set(name, to: try value())
            default:
                throw .unknownOption(name)
            }
        }

        if options.unsafeFixes && !options.fixes {
            throw .needs("--unsafe-fixes", "--fix or --diff")
        }
        if options.fixes && options.writeBaselinePath != nil {
            throw .incompatible(options.diff ? "--diff" : "--fix", "--write-baseline")
        }
        // With --stdin-filename the project around the text is the file itself unless paths say more.
        if options.paths.isEmpty { options.paths = [options.stdinFilename ?? "."] }
        return options
    }

    /// Options that take no value, and what each turns on.
    private static let flags: [String: WritableKeyPath<Options, Bool>] = [
        "--force-exclude": \.forceExclude, "--strict": \.strict, "--strict-files": \.strictFiles,
        "--quiet": \.quiet, "-q": \.quiet, "--fix": \.fix, "--diff": \.diff, "--dry-run": \.diff,
        "--unsafe-fixes": \.unsafeFixes,
    ]

    /// Every option a lint run takes, for "did you mean" on a mistyped one.
    static var optionNames: [String] { (Array(flags.keys) + Array(valuedOptions) + ["--help", "--version", "--no-color"]).sorted() }

    /// Options that take a value (`--name value` or `--name=value`); `set(_:to:)` reads each.
    private static let valuedOptions: Set<String> = [
        "--format", "--reporter", "--color", "--platform", "--output", "--config", "--baseline", "--write-baseline", "--enable", "--disable", "--only",
        "--build-stamp", "--stdin-filename",
    ]

    private mutating func set(_ name: String, to value: String) throws(UsageError) {
        switch name {
        case "--format", "--reporter":
            guard ReporterRegistry.names.contains(value) else { throw .unknownFormat(value) }
            format = value
        case "--color":
            guard let choice = ColorChoice(rawValue: value) else { throw .unknownColorChoice(value) }
            color = choice
        case "--platform":
            guard let platform = Platform(rawValue: value.lowercased()) else { throw .unknownPlatform(value) }
            platforms = (platforms ?? []).union(PlatformSet(platform))
        case "--output":
            guard let eq = value.firstIndex(of: "="), !value[value.index(after: eq)...].isEmpty else { throw .badOutput(value) }
            let format = String(value[..<eq])
            guard ReporterRegistry.names.contains(format) else { throw .unknownFormat(format) }
            let path = String(value[value.index(after: eq)...])
            // A file named `-` is almost never meant; use ./- for one.
            if path == "-" { throw .outputToStandardOutput(value) }
            outputs.append((format, path))
        case "--config": configPath = value
        case "--baseline": baselinePath = value
        case "--write-baseline": writeBaselinePath = value
        case "--build-stamp": buildStamp = value
        case "--stdin-filename": stdinFilename = value
        case "--enable": rules.enable += Self.ruleList(value)
        case "--disable": rules.disable += Self.ruleList(value)
        case "--only": rules.only += Self.ruleList(value)
        default: throw .unknownOption(name)
        }
    }

    /// `rules`, `explain` and `lsp`, each with its own arguments; nil for a lint run.
    private static func parseCommand(_ arguments: [String]) throws(UsageError) -> Options? {
        var options = Options()
        switch arguments.first {
        case "rules": options.action = try parseRules(arguments.dropFirst())
        case "explain": options.action = try parseExplain(arguments.dropFirst())
        case "lsp": return try parseLanguageServer(arguments.dropFirst())
        case "inventory": return try parseInventory(arguments.dropFirst())
        default: return nil
        }
        return options
    }

    /// `rules [--format text|json]`: any other argument or format is a usage error, not ignored.
    private static func parseRules(_ arguments: ArraySlice<String>) throws(UsageError) -> Action {
        var format = RuleListFormat.text
        var rest = arguments[...]
        while let arg = rest.popFirst() {
            switch arg {
            case "-h", "--help":
                return .help
            case "--format":
                guard let value = rest.popFirst() else { throw .missingValue("--format") }
                guard let f = RuleListFormat(rawValue: value) else { throw .unsupportedRuleListFormat(value) }
                format = f
            case _ where arg.hasPrefix("--format="):
                let value = String(arg.dropFirst("--format=".count))
                if value.isEmpty { throw .missingValue("--format") }
                guard let f = RuleListFormat(rawValue: value) else { throw .unsupportedRuleListFormat(value) }
                format = f
            default:
                throw .notTakenBy(command: "rules", argument: arg)
            }
        }
        return .listRules(format)
    }

    /// `explain RULE`: exactly one rule id (after `--` it may start with `-`); the page is
    /// Markdown only, so `--format` is refused rather than ignored.
    private static func parseExplain(_ arguments: ArraySlice<String>) throws(UsageError) -> Action {
        var id: String?
        var onlyIDs = false
        for arg in arguments {
            if !onlyIDs && (arg == "-h" || arg == "--help") { return .help }
            if !onlyIDs && arg == "--" {
                onlyIDs = true
                continue
            }
            if (!onlyIDs && arg.hasPrefix("-") && arg != "-") || id != nil {
                throw .notTakenBy(command: "explain", argument: arg)
            }
            id = arg
        }
        guard let id else { throw .missingRuleID }
        return .explain(id)
    }

    /// `--only a,b` means `--only a --only b`, as ruff's `--select` reads a list.
    private static func ruleList(_ value: String) -> [String] {
        value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
}
