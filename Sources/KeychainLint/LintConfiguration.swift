import KeychainLintRules

/// How a run lints: which rules, at which severities, for which platforms.
public struct LintConfiguration: Sendable {
    /// The ids of the rules to run; `nil` runs the rules that are on by default.
    public var rules: [String]?
    /// Severities that replace rules' defaults, by rule id.
    public var severities: [String: Severity]
    /// The platforms every file is linted for; `nil` reads each file's own project
    /// (`Package.swift`, `.xcodeproj`, CocoaPods) to decide.
    public var platforms: [Platform]?
    /// Lint files on all cores. The output is the same either way.
    public var parallel: Bool
    /// Turn off every shortcut that skips work (prefilters, jumped-over bodies, the selective
    /// second pass). Slower, and by design the same output: the tests and the benchmark check it.
    public var exhaustive: Bool
    /// Where relative paths are resolved; `nil` for the process's current directory. Paths in
    /// findings stay as they were given either way.
    public var workingDirectory: String?

    public init(rules: [String]? = nil, severities: [String: Severity] = [:], platforms: [Platform]? = nil,
                parallel: Bool = true, exhaustive: Bool = false, workingDirectory: String? = nil) {
        self.rules = rules
        self.severities = severities
        self.platforms = platforms
        self.parallel = parallel
        self.exhaustive = exhaustive
        self.workingDirectory = workingDirectory
    }

    /// A configuration that names something keychain-lint does not have.
    public enum Error: Swift.Error, Equatable, CustomStringConvertible {
        case unknownRule(String)

        public var description: String {
            switch self {
            case .unknownRule(let id): return "unknown rule '\(id)'"
            }
        }
    }

    /// The rules this configuration turns on, at their severities.
    func activeRules() throws(Error) -> [ActiveRule] {
        let chosen: [any Rule.Type]
        if let ids = rules {
            chosen = try ids.map { id throws(Error) in
                guard let type = RuleRegistry.all.first(where: { $0.description.id == id }) else { throw .unknownRule(id) }
                return type
            }
        } else {
            chosen = RuleRegistry.all.filter { $0.description.isEnabledByDefault }
        }
        for id in severities.keys where !RuleRegistry.all.contains(where: { $0.description.id == id }) {
            throw .unknownRule(id)
        }
        return chosen.map { type in
            let id = type.description.id
            return ActiveRule(rule: type.init(), severity: severities[id] ?? type.description.severityWhenEnabled)
        }
    }
}
