import KeychainLintSyntax
import KeychainLintProject
import KeychainLintRules
import KeychainLintModel

/// Lints a set of paths as one project: finds the Swift files and `.entitlements` under them,
/// reads each project's platforms and entitlements, runs every pass of the analysis and returns
/// the findings in output order. The library's entry point; the command line is a thin layer on
/// it (arguments → settings → engine → reporters).
///
/// ```swift
/// let engine = try LintEngine(configuration: LintConfiguration(platforms: [.iOS]))
/// let result = engine.lint(["Sources"])
/// for finding in result.findings { print(finding.path, finding.line, finding.ruleID) }
/// ```
///
/// Pure in the sense the command line needs: it reads files and never writes, prints or exits.
public struct LintEngine: Sendable {
    package let linter: Linter
    /// Platforms every file is linted for; `nil` reads each file's project.
    package let platforms: PlatformSet?
    /// The configuration file's include/exclude patterns.
    package let filter: PathFilter?
    package let parallel: Bool
    package let workingDirectory: String?

    /// An engine for `configuration`; throws when it names a rule keychain-lint does not have.
    public init(configuration: LintConfiguration = LintConfiguration()) throws(LintConfiguration.Error) {
        self.init(rules: try configuration.activeRules(), platforms: configuration.platforms.map { PlatformSet(platforms: $0) },
                  exhaustive: configuration.exhaustive, parallel: configuration.parallel,
                  workingDirectory: configuration.workingDirectory)
    }

    package init(rules: [ActiveRule], platforms: PlatformSet? = nil, filter: PathFilter? = nil,
                 exhaustive: Bool = false, parallel: Bool = true, workingDirectory: String? = nil) {
        self.linter = Linter(rules: rules, exhaustive: exhaustive)
        self.platforms = platforms
        self.filter = filter
        self.parallel = parallel
        self.workingDirectory = workingDirectory
    }

    /// Every rule keychain-lint has, at its default severity (rules off by default at `warning`,
    /// the severity they run at when turned on).
    public static var availableRules: [RuleInfo] {
        RuleRegistry.all.map { RuleInfo(id: $0.description.id, severity: $0.description.severityWhenEnabled,
                                        summary: $0.description.summary) }
    }

    /// Lints the files and folders at `paths` (relative to the working directory) as one project.
    /// Paths that cannot be linted are in the result's `problems`; nothing is thrown.
    public func lint(_ paths: [String]) -> LintResult {
        lint(paths, overlays: [:])
    }

    /// Lints `paths` as one project with in-memory text in place of some files: `overlays` maps a
    /// path (absolute, or relative to the working directory) to the text to lint instead of the
    /// file's contents, in every pass of the cross-file analysis, so an unsaved helper changes the
    /// findings of the files that use it. A `.swift` or `.entitlements` overlay with no file on
    /// disk is linted too when `paths` names it or a folder in `paths` holds it. Findings carry the
    /// paths as discovery spells them (an argument as written, joined with the path below it).
    public func lint(_ paths: [String], overlays: [String: String]) -> LintResult {
        let found = discover(paths, overlays: overlays)
        var result = lint(found: found.targets, paths: paths, overlays: found.buffers, folders: found.folders)
        result.problems = found.problems + result.problems
        return result
    }

    /// The files under `paths` as every public entry point finds them (filter, overlays, one
    /// catalog of the folders listed), with the paths that could not be read as problems.
    func discover(_ paths: [String], overlays: [String: String])
        -> (targets: [LintTarget], problems: [LintProblem], buffers: [String: [UInt8]], folders: FolderCatalog) {
        let buffers = Self.overlayBuffers(overlays, workingDirectory: workingDirectory)
        var discovery = FileDiscovery(workingDirectory: workingDirectory)
        discovery.filter = filter
        discovery.overlays = Set(buffers.keys)
        let folders = FolderCatalog()
        discovery.catalog = folders
        discovery.parallel = parallel
        let (targets, found) = discovery.discover(paths)
        let problems = found.map { LintProblem(kind: $0.kind == .error ? .error : .warning, message: $0.message) }
        return (targets, problems, buffers, folders)
    }

    /// Overlays keyed as the passes look them up (`FileDiscovery.overlayKey`), as UTF-8 bytes.
    package static func overlayBuffers(_ overlays: [String: String], workingDirectory: String?) -> [String: [UInt8]] {
        Dictionary(overlays.map { (FileDiscovery.overlayKey($0.key, workingDirectory: workingDirectory), Array($0.value.utf8)) },
                   uniquingKeysWith: { _, last in last })
    }

    /// Lints files already found under `paths` as one project (the command line finds them itself,
    /// to give each part of a tree the settings of its own configuration file). `paths` are the
    /// arguments they were found under: entitlements anywhere in their projects are read as context.
    /// `overlays` are keyed by `FileDiscovery.overlayKey` (`overlayBuffers`). `folders` holds what
    /// the walk that found the targets learnt about their folders (`FileDiscovery.catalog`).
    package func lint(found targets: [LintTarget], paths: [String], overlays: [String: [UInt8]] = [:],
                      folders: FolderCatalog = FolderCatalog()) -> LintResult {
        analyse(found: targets, paths: paths, overlays: overlays, folders: folders, linter: linter).result
    }

    /// `lint(found:…)` with `linter`, and the inventory records its passes collected (none unless
    /// `linter.collectsInventory`): one analysis serves both.
    package func analyse(found targets: [LintTarget], paths: [String], overlays: [String: [UInt8]], folders: FolderCatalog,
                         linter: Linter) -> (result: LintResult, inventory: [InventoryRecord]) {
        var problems: [LintProblem] = []
        let loader = EntitlementsLoader(workingDirectory: workingDirectory, folders: folders)
        loader.overlays = overlays
        let contexts = EntitlementsContexts(loader, linted: targets.filter(\.isEntitlements), arguments: paths, parallel: parallel)
        // Every target, the entitlements among them (their outcome says so): a copy of the Swift
        // ones alone would be a second array of a large tree's targets, kept for the whole run.
        let (outcomes, records) = ProjectAnalysis.analyseAll(targets, linter: linter, platforms: platforms, entitlements: contexts,
                                                             overlays: overlays, folders: folders, parallel: parallel)
        let entitlements = contexts.loaded
        problems += entitlements.warnings.map { LintProblem(kind: .warning, message: $0) }
        problems += entitlements.errors.map { LintProblem(kind: .error, message: $0) }
        var findings: [Finding] = []
        findings.reserveCapacity(outcomes.reduce(0) { total, outcome in
            if case .linted(let f, _) = outcome { return total + f.count }
            return total
        })
        var lineTexts: [String: [Int: String]] = [:]
        var filesLinted = entitlements.linted.count
        var lintedPaths = entitlements.linted.map(\.path)
        lintedPaths.reserveCapacity(targets.count)
        for file in entitlements.linted {
            let found = linter.lint(entitlements: file)
            findings.append(contentsOf: found)
            if !found.isEmpty { lineTexts[file.path] = LineText.lines(Set(found.map(\.line)), in: file.bytes) }
        }
        for (target, outcome) in zip(targets, outcomes) {
            switch outcome {
            case .linted(let f, let lines):
                filesLinted += 1
                lintedPaths.append(target.path)
                findings.append(contentsOf: f)
                if !lines.isEmpty { lineTexts[target.path] = lines }
            case .unreadable(let reason):
                problems.append(LintProblem(kind: .unreadable, message: "cannot read \(target.path): \(reason)", path: target.path))
            case .failed(let message):
                problems.append(LintProblem(kind: .error, message: message))
            case .entitlements:
                continue
            }
        }
        let rules = linter.rules
        let descriptions = rules.map { type(of: $0.rule).description }
        let severities = Dictionary(rules.map { (type(of: $0.rule).description.id, $0.severity) }, uniquingKeysWith: { a, _ in a })
        let result = LintResult(filesLinted: filesLinted, findings: findings, rules: descriptions,
                                severities: severities, lineTexts: lineTexts, problems: problems, lintedPaths: lintedPaths)
        return (result, records.flatMap { $0 })
    }
}
