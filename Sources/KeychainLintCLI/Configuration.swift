import KeychainLintSyntax
import KeychainLintProject
import KeychainLint
import KeychainLintSupport
import KeychainLintRules

/// `.keychain-lint.json`: per-project settings. The nearest one at or above each linted file governs
/// it (`ConfigScopes`), or `--config` names one for all. Command-line flags override it (`RunSettings`).
///
/// Every mistake in it is an error with exit status 2, including an unknown key or rule id: a
/// misspelt `exclude` or rule id silently ignored would lint what the team meant to skip, or keep
/// a rule on that it meant to turn off. (SwiftLint only warns about unknown keys; ruff rejects
/// unknown rule codes. keychain-lint takes the strict side for both.)
struct Configuration {
    enum RuleSetting: Equatable {
        case severity(Severity)
        case off
    }

    static let fileName = ".keychain-lint.json"
    static let keys = ["baseline", "exclude", "include", "platforms", "rules"]

    /// The path as found or as given, for messages.
    var path: String
    /// The folder holding the file, absolute: globs and `baseline` are relative to it.
    var folder: String
    /// Rule id → setting, in file order.
    var rules: [(id: String, setting: RuleSetting)] = []
    var platforms: PlatformSet?
    var include: [Glob] = []
    var exclude: [Glob] = []
    /// Absolute path of the baseline file.
    var baseline: String?

    /// The nearest `.keychain-lint.json` in `directory` (absolute) or a folder above it: the one
    /// for linted files that have none above them. A folder with a YAML file of that name and no
    /// JSON one is an error (`misnamed`).
    static func find(from directory: String) throws(RunSettings.Failure) -> String? {
        var misnamedFile: String?
        let found = FolderWalk.nearest(from: Paths.normalised(directory)) { folder -> String? in
            let candidate = Paths.join(folder, fileName)
            if FileStatus.exists(candidate) { return candidate }
            misnamedFile = misnamed(in: folder)
            return misnamedFile == nil ? nil : ""
        }
        if let misnamedFile { throw misnamedFailure(misnamedFile) }
        return found
    }

    /// The names SwiftLint's habits suggest, which keychain-lint does not read.
    static let yamlFileNames = [".keychain-lint.yml", ".keychain-lint.yaml"]

    /// A `.keychain-lint.yml`/`.yaml` in `folder` (which has no `.keychain-lint.json`): its settings
    /// would be silently ignored, so the run stops and says so.
    static func misnamed(in folder: String) -> String? {
        yamlFileNames.lazy.map { Paths.join(folder, $0) }.first(where: FileStatus.exists)
    }

    static func misnamedFailure(_ path: String) -> RunSettings.Failure {
        RunSettings.Failure(description: "\(path): keychain-lint reads its configuration from \(fileName) (JSON), not YAML; write the settings there (docs/CONFIGURATION.md), or remove this file")
    }

    /// Reads and checks a configuration file. `fileSystemPath` is absolute; `path` is shown in messages.
    static func load(path: String, fileSystemPath: String, knownRules: [String]) throws(JSONFileError) -> Configuration {
        let bytes: [UInt8]
        switch FileReader.read(fileSystemPath) {
        case .success(let b): bytes = b
        case .failure(.system(let code)):
            throw JSONFileError(path: path, bytes: [], offset: nil, "cannot read configuration: \(FileDiscovery.describe(code))")
        }
        return try parse(bytes, path: path, folder: Paths.parent(fileSystemPath), knownRules: knownRules)
    }

    static func parse(_ bytes: [UInt8], path: String, folder: String, knownRules: [String]) throws(JSONFileError) -> Configuration {
        func error(_ offset: Int, _ message: String) -> JSONFileError {
            JSONFileError(path: path, bytes: bytes, offset: offset, message)
        }
        let (_, members) = try JSONFileError.objectMembers(bytes, path: path, malformed: "malformed JSON", what: "the configuration")

        var config = Configuration(path: path, folder: folder)
        for member in members {
            let value = member.value
            switch member.key {
            case "rules":
                guard case .object(let entries) = value.kind else { throw error(value.offset, "'rules' must be an object of rule id to \"error\", \"warning\" or \"off\", got \(value.typeName)") }
                for entry in entries {
                    guard knownRules.contains(entry.key) else {
                        let hint = RuleSelection.closest(to: entry.key, in: knownRules).map { "; did you mean '\($0)'?" } ?? " (see 'keychain-lint rules')"
                        throw error(entry.keyOffset, "unknown rule '\(entry.key)' in 'rules'\(hint)")
                    }
                    guard case .string(let s) = entry.value.kind, let setting = RuleSetting(s) else {
                        throw error(entry.value.offset, "'rules.\(entry.key)' must be \"error\", \"warning\" or \"off\"")
                    }
                    config.rules.append((entry.key, setting))
                }
            case "platforms":
                let names = try strings(value, key: "platforms", error: error)
                guard !names.isEmpty else { throw error(value.offset, "'platforms' must name at least one platform") }
                var set = PlatformSet()
                for (name, offset) in names {
                    guard let platform = Platform(rawValue: name.lowercased()) else {
                        throw error(offset, "unknown platform '\(name)' in 'platforms' (expected one of: \(Platform.allCases.map(\.rawValue).joined(separator: ", ")))")
                    }
                    set.insert(PlatformSet(platform))
                }
                config.platforms = set
            case "include", "exclude":
                var globs: [Glob] = []
                for (pattern, offset) in try strings(value, key: member.key, error: error) {
                    if pattern.isEmpty { throw error(offset, "empty pattern in '\(member.key)'") }
                    if pattern.split(separator: "/").contains("..") {
                        throw error(offset, "'\(member.key)' patterns are relative to the configuration's folder and cannot contain '..'")
                    }
                    globs.append(Glob(pattern))
                }
                if member.key == "include" { config.include = globs } else { config.exclude = globs }
            case "baseline":
                guard case .string(let p) = value.kind, !p.isEmpty else { throw error(value.offset, "'baseline' must be a path (a non-empty string)") }
                config.baseline = Paths.absolute(p, base: folder)
            default:
                let hint = RuleSelection.closest(to: member.key, in: keys).map { "did you mean '\($0)'? " } ?? ""
                throw error(member.keyOffset, "unknown key '\(member.key)' (\(hint)expected one of: \(keys.joined(separator: ", ")))")
            }
        }
        return config
    }

    /// An array of strings, each with its offset.
    private static func strings(_ value: JSONValue, key: String, error: (Int, String) -> JSONFileError) throws(JSONFileError) -> [(String, Int)] {
        guard case .array(let items) = value.kind else { throw error(value.offset, "'\(key)' must be an array of strings, got \(value.typeName)") }
        var out: [(String, Int)] = []
        for item in items {
            guard case .string(let s) = item.kind else { throw error(item.offset, "'\(key)' must be an array of strings, got \(item.typeName) in it") }
            out.append((s, item.offset))
        }
        return out
    }
}

extension Configuration.RuleSetting {
    init?(_ text: String) {
        switch text {
        case "error": self = .severity(.error)
        case "warning": self = .severity(.warning)
        case "off": self = .off
        default: return nil
        }
    }
}

extension Configuration {
    /// The default rules with the file's `rules` applied: `off` removes a rule, a severity sets it,
    /// and a rule that is off by default is turned on at the severity given.
    func apply(to defaults: [ActiveRule], available: [any Rule.Type]) -> [ActiveRule] {
        var rules = defaults
        for (id, setting) in self.rules {
            let index = rules.firstIndex { type(of: $0.rule).description.id == id }
            switch (setting, index) {
            case (.off, let i?): rules.remove(at: i)
            case (.off, nil): break
            case (.severity(let s), let i?): rules[i].severity = s
            case (.severity(let s), nil):
                if let type = available.first(where: { $0.description.id == id }) { rules.append(ActiveRule(rule: type.init(), severity: s)) }
            }
        }
        return rules
    }
}

/// Whether something exists at a path (any kind of file), without following a final link's target.
enum FileStatus {
    static func exists(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }
}
