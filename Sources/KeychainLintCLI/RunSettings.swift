import KeychainLintModel
import KeychainLintRules

/// What a lint run uses, resolved in order of precedence: built-in defaults, then the
/// configuration file, then the command line. `--platform` replaces the file's `platforms`,
/// `--baseline` its `baseline`, and `--enable`/`--disable`/`--only` act on the rules as the
/// file left them.
struct RunSettings {
    /// A file the run reads or writes: the path as shown in messages and the path to open.
    struct File {
        var path: String
        var fileSystemPath: String
    }

    var rules: [ActiveRule]
    var platforms: PlatformSet?
    var filter: PathFilter?
    /// The working directory, absolute: relative paths in findings are resolved against it.
    var base: String

    /// A configuration or rule selection that cannot be used; exit status 2.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func resolve(_ options: Options, defaults: [ActiveRule], available: [any Rule.Type],
                        workingDirectory: String?) throws(Failure) -> RunSettings {
        let base = Paths.absolute(workingDirectory ?? ".", base: Paths.currentDirectory())
        func file(_ path: String) -> File { File(path: path, fileSystemPath: Paths.absolute(path, base: base)) }

        var config: Configuration?
        let configFile = options.configPath.map(file) ?? Configuration.find(from: base).map { File(path: $0, fileSystemPath: $0) }
        if let configFile {
            let known = available.map { $0.description.id } + defaults.map { type(of: $0.rule).description.id }
            do {
                config = try Configuration.load(path: configFile.path, fileSystemPath: configFile.fileSystemPath, knownRules: known)
            } catch {
                throw Failure(description: error.description)
            }
        }

        let configured = config?.apply(to: defaults, available: available) ?? defaults
        let rules: [ActiveRule]
        do {
            rules = try options.rules.apply(to: configured, available: available)
        } catch {
            throw Failure(description: error.description)
        }

        var settings = RunSettings(rules: rules, platforms: options.platforms ?? config?.platforms, base: base)
        if let config, !config.include.isEmpty || !config.exclude.isEmpty {
            settings.filter = PathFilter(root: config.folder, include: config.include, exclude: config.exclude,
                                         base: base, appliesToArguments: options.forceExclude)
        }
        return settings
    }
}
