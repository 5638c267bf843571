import KeychainLintSyntax
import KeychainLintProject
import KeychainLint
import KeychainLintRules

/// What a lint run uses, resolved in order of precedence: built-in defaults, then the
/// configuration file, then the command line. `--platform` replaces the file's `platforms`,
/// `--baseline` its `baseline`, and `--enable`/`--disable`/`--only` act on the rules as the
/// file left them.
///
/// Each linted file is governed by the nearest `.keychain-lint.json` at or above it; a file with
/// none above it by the one found from the working directory upward; with `--config`, every file
/// by that one (`ConfigScopes`). The command line applies to all of them alike.
struct RunSettings {
    /// A file the run reads or writes: the path as shown in messages and the path to open.
    struct File {
        var path: String
        var fileSystemPath: String
    }

    /// What one configuration file (or none) decides for the files it governs.
    struct Scope {
        var rules: [ActiveRule]
        var platforms: PlatformSet?
        var filter: PathFilter?
        var baseline: (file: File, contents: Baseline)?
    }

    /// The configuration of every part of the tree, found as the walk meets them.
    var scopes: ConfigScopes
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
        let maker = ScopeMaker(options: options, defaults: defaults, available: available, base: base)
        // The configuration for files with none above them: --config, or the one found from here.
        let found = options.configPath == nil ? try Configuration.find(from: base) : nil
        let configFile = options.configPath.map(maker.file) ?? found.map { File(path: $0, fileSystemPath: $0) }
        let fallback = try maker.scope(for: try configFile.map { file throws(Failure) in try maker.load(file) })
        try checkOutputsDiffer(options.outputs, base: base)
        let scopes = ConfigScopes(fallback: fallback, path: configFile?.fileSystemPath, fixed: options.configPath != nil, maker: maker)
        var settings = RunSettings(scopes: scopes, base: base)
        // Recording ignores any baseline in use: it writes every current finding.
        settings.writeBaseline = options.writeBaselinePath.map(maker.file)
        return settings
    }

    /// Turns a configuration file into the settings of the files it governs, with the command line applied.
    struct ScopeMaker {
        var options: Options
        var defaults: [ActiveRule]
        var available: [any Rule.Type]
        var base: String

        func file(_ path: String) -> File { File(path: path, fileSystemPath: Paths.absolute(path, base: base)) }

        func load(_ file: File) throws(Failure) -> Configuration {
            let known = available.map { $0.description.id } + defaults.map { type(of: $0.rule).description.id }
            do {
                return try Configuration.load(path: file.path, fileSystemPath: file.fileSystemPath, knownRules: known)
            } catch {
                throw Failure(description: error.description)
            }
        }

        func scope(for config: Configuration?) throws(Failure) -> Scope {
            let configured = config?.apply(to: defaults, available: available) ?? defaults
            let rules: [ActiveRule]
            do {
                rules = try options.rules.apply(to: configured, available: available)
            } catch {
                throw Failure(description: error.description)
            }
            var scope = Scope(rules: rules, platforms: options.platforms ?? config?.platforms)
            if let config, !config.include.isEmpty || !config.exclude.isEmpty {
                scope.filter = PathFilter(root: config.folder, include: config.include, exclude: config.exclude,
                                          base: base, appliesToArguments: options.forceExclude)
            }
            if options.writeBaselinePath == nil,
               let baselineFile = options.baselinePath.map(file) ?? config?.baseline.map({ File(path: $0, fileSystemPath: $0) }) {
                scope.baseline = (baselineFile, try RunSettings.read(baselineFile))
            }
            return scope
        }
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

    fileprivate static func read(_ file: File) throws(Failure) -> Baseline {
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
