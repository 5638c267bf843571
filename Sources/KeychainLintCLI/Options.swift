import KeychainLintSyntax
import KeychainLintProject
import KeychainLint
import KeychainLintModel
import KeychainLintReporters

/// The parsed command line.
package struct Options {
    package enum Action: Equatable {
        case lint
        case help
        case version
        /// `keychain-lint rules`: list the rules.
        case listRules
        /// `keychain-lint explain RULE`: print the rule's page.
        case explain(String)
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
    /// Whether `--format` was given (the `rules` command defaults to text, not the lint format).
    package var formatGiven = false
    /// `--config PATH`: the configuration file instead of the nearest `.keychain-lint.json`.
    package var configPath: String?
    /// `--baseline PATH`: hide the findings recorded there (overrides the configuration's `baseline`).
    package var baselinePath: String?
    /// `--write-baseline PATH`: record the findings there instead of reporting them.
    package var writeBaselinePath: String?
    /// `--force-exclude`: apply the configuration's `include`/`exclude` to paths named on the command line too.
    package var forceExclude = false
    /// `--build-stamp PATH`: written after a run without error findings, removed after any other,
    /// so a build system that reruns a command whose output is missing (the build-tool plugin)
    /// caches clean runs and repeats failed ones.
    package var buildStamp: String?

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

    package var description: String {
        switch self {
        case .unknownOption(let o):
            return "unknown option '\(o)'"
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
        case .unknownRule(let id, let suggestion):
            return "unknown rule '\(id)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? " (see 'keychain-lint rules')")
        }
    }
}

extension Options {
    /// Parses arguments (without the program name). `--help` and `--version` take effect where
    /// they appear: what follows them is not looked at. `--` ends the options; every later
    /// argument is a path, even one that starts with `-`. A lone `-` is a path.
    package static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var i = 0
        var onlyPaths = false
        if arguments.first == "rules" {
            options.action = .listRules
            i = 1
        } else if arguments.first == "explain" {
            guard arguments.count == 2 else { throw .missingValue("explain") }
            options.action = .explain(arguments[1])
            return options
        }

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
            case "--format":
                let f = try value()
                guard ReporterRegistry.names.contains(f) else { throw .unknownFormat(f) }
                options.format = f
                options.formatGiven = true
            case "--platform":
                let p = try value()
                guard let platform = Platform(rawValue: p.lowercased()) else { throw .unknownPlatform(p) }
                options.platforms = (options.platforms ?? []).union(PlatformSet(platform))
            case "--output":
                let spec = try value()
                guard let eq = spec.firstIndex(of: "="), !spec[spec.index(after: eq)...].isEmpty else { throw .badOutput(spec) }
                let format = String(spec[..<eq])
                guard ReporterRegistry.names.contains(format) else { throw .unknownFormat(format) }
                options.outputs.append((format, String(spec[spec.index(after: eq)...])))
            case "--config":
                options.configPath = try value()
            case "--baseline":
                options.baselinePath = try value()
            case "--write-baseline":
                options.writeBaselinePath = try value()
            case "--build-stamp":
                options.buildStamp = try value()
            case "--force-exclude":
                try noValue()
                options.forceExclude = true
            case "--enable":
                options.rules.enable += ruleList(try value())
            case "--disable":
                options.rules.disable += ruleList(try value())
            case "--only":
                options.rules.only += ruleList(try value())
            default:
                throw .unknownOption(name)
            }
        }

        if options.paths.isEmpty { options.paths = ["."] }
        return options
    }

    /// `--only a,b` means `--only a --only b`, as ruff's `--select` reads a list.
    private static func ruleList(_ value: String) -> [String] {
        value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    package static var usage: String {
        let formats = ReporterRegistry.all.map { type in
            "  \(type.name.padding(toLength: 10))\(type.summary)"
        }.joined(separator: "\n")
        let platforms = Platform.allCases.map(\.rawValue).joined(separator: "|")
        return """
        OVERVIEW: Finds mistakes in Apple Keychain code in Swift sources.

        USAGE: keychain-lint [options] [PATH ...]
               keychain-lint rules [--format json]
               keychain-lint explain <rule>

          Lints every *.swift file under each PATH (default: the current directory).
          Folders whose name starts with '.', and .build, DerivedData, Pods, Carthage
          are skipped; symbolic links to folders are not followed. A file named on the
          command line is always linted, whatever its name or location.

        OPTIONS:
          --format <format>      Output format (default: \(ReporterRegistry.defaultName)).
          --platform <platform>  Lint every file as built for this platform instead of
                                 what its project file says. Repeat for several.
                                 Platforms: \(platforms).
          --output <format>=<path>
                                 Also write a report in that format to a file (written
                                 atomically). Repeat for several.
          --enable <rule>        Turn on a rule that is off by default. Repeatable.
          --disable <rule>       Turn off a rule. Repeatable.
          --only <rule>          Run only this rule (repeat for several).
          --config <path>        Read this configuration file instead of the nearest
                                 .keychain-lint.json in the current folder or above.
          --baseline <path>      Hide the findings recorded in this baseline file;
                                 report only new ones.
          --write-baseline <path>
                                 Record the current findings in a baseline file and
                                 exit 0 (nothing is reported).
          --force-exclude        Apply the configuration's include/exclude patterns
                                 to files named on the command line too.
          --build-stamp <path>   Write this file (a Swift comment) when no error is
                                 found, remove it otherwise: the output a build
                                 system caches (the SwiftPM build-tool plugin).
          -h, --help             Show this help.
          --version              Show the version.
          --                     Treat every later argument as a path.

        FORMATS:
        \(formats)

        EXIT STATUS:
          0  no error-severity finding
          1  at least one error-severity finding
          2  usage error, a bad configuration or baseline file, or a PATH that does
             not exist or cannot be read

        """
    }
}

extension String {
    fileprivate func padding(toLength n: Int) -> String {
        count >= n ? self + " " : self + String(repeating: " ", count: n - count)
    }
}
