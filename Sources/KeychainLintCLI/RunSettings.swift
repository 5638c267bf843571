import KeychainLintSyntax
import KeychainLintProject
import KeychainLint
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
    var baseline: (file: File, contents: Baseline)?
    var writeBaseline: File?
    /// The working directory, absolute: relative paths in findings are resolved against it.
    var base: String

    /// A configuration, rule selection or baseline that cannot be used; exit status 2.
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

        try checkOutputsDiffer(options.outputs, base: base)
        var settings = RunSettings(rules: rules, platforms: options.platforms ?? config?.platforms, base: base)
        if let config, !config.include.isEmpty || !config.exclude.isEmpty {
            settings.filter = PathFilter(root: config.folder, include: config.include, exclude: config.exclude,
                                         base: base, appliesToArguments: options.forceExclude)
        }
        if let path = options.writeBaselinePath {
            // Recording ignores any baseline in use: it writes every current finding.
            settings.writeBaseline = file(path)
        } else if let baselineFile = options.baselinePath.map(file) ?? config?.baseline.map({ File(path: $0, fileSystemPath: $0) }) {
            settings.baseline = (baselineFile, try read(baselineFile))
        }
        return settings
    }

    /// Two `--output` reports to one file would leave only the last: refused before anything runs.
    /// Paths are compared made absolute and normalised (`a`, `./a` and `x/../a` are one file).
    private static func checkOutputsDiffer(_ outputs: [(format: String, path: String)], base: String) throws(Failure) {
        var seen: [String: (format: String, path: String)] = [:]
        for output in outputs {
            let key = Paths.absolute(output.path, base: base)
            if let first = seen[key] {
                throw Failure(description: "--output \(first.format)=\(first.path) and \(output.format)=\(output.path) write to the same file")
            }
            seen[key] = output
        }
    }

    private static func read(_ file: File) throws(Failure) -> Baseline {
        switch FileReader.read(file.fileSystemPath) {
        case .success(let bytes):
            do {
                return try Baseline.parse(bytes, path: file.path)
            } catch {
                throw Failure(description: error.description)
            }
        case .failure(.system(let code)):
            throw Failure(description: "cannot read baseline \(file.path): \(FileDiscovery.describe(code))")
        }
    }

    /// How this run's findings map to baseline entries for a baseline file.
    /// Findings show paths as written, relative to the working directory (`base`).
    func keying(for file: File) -> Baseline.Keying {
        let base = self.base
        return Baseline.Keying(folder: Paths.parent(file.fileSystemPath)) { Paths.absolute($0, base: base) }
    }
}
