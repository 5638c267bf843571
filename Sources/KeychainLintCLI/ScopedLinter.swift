import KeychainLint
import KeychainLintProject

/// A lint run's merged result and how many findings baselines hid (`nil` when none is in use).
struct ScopedResult {
    var result: LintResult
    var hidden: Int?
    /// Every file's inventory records, context files' included, when the run collects them.
    var records: [InventoryRecord] = []
}

/// Lints paths as the command line does: each file with the configuration that governs it. The
/// command line's lint and the language server's both go through it, so an editor shows what a
/// run in the workspace folder reports.
struct ScopedLinter {
    let settings: RunSettings
    let environment: [String: String]
    /// Where relative paths are resolved; `nil` for the process's current directory.
    let workingDirectory: String?

    /// Finds the files under `paths`, each governed by its nearest configuration file, and lints
    /// each configuration's files as one project with that configuration's rules and platforms; its
    /// baseline hides its own files' findings. With one configuration (the usual case) this is one
    /// engine run over every file. Files governed by different configurations are separate projects:
    /// a helper declared under one is not followed from files under another.
    ///
    /// `overlays` (by `FileDiscovery.overlayKey`) are read in place of the files they stand for.
    /// `collectsInventory`: the analysis also keeps each file's inventory records (`inventory`).
    func lint(_ paths: [String], overlays: [String: [UInt8]] = [:], collectsInventory: Bool = false) -> Result<ScopedResult, RunSettings.Failure> {
        var discovery = FileDiscovery(workingDirectory: workingDirectory)
        discovery.scopes = settings.scopes
        discovery.overlays = Set(overlays.keys)
        let folders = FolderCatalog()
        discovery.catalog = folders
        discovery.parallel = environment["KEYCHAIN_LINT_JOBS"] != "1"
        let (named, found) = discovery.discover(paths)
        if let failure = settings.scopes.failure { return .failure(failure) }
        let context = projectAround(named, discovery: discovery, folders: folders)
        if let failure = settings.scopes.failure { return .failure(failure) }
        let targets = context.isEmpty ? named : (named + context).sorted { FileDiscovery.bytesPrecede($0.path, $1.path) }

        // Usually every file has the one configuration: no grouping then.
        let byScope = targets.allSatisfy { $0.scope == 0 } ? [0: targets] : Dictionary(grouping: targets, by: \.scope)
        var merged: LintResult?
        var hidden: Int?
        var records: [InventoryRecord] = []
        for scope in byScope.isEmpty ? [0] : byScope.keys.sorted() {
            let settingsOfScope = settings.scopes.all[scope]
            let engine = LintEngine(rules: settingsOfScope.rules, platforms: settingsOfScope.platforms,
                                    exhaustive: environment["KEYCHAIN_LINT_EXHAUSTIVE"] == "1",
                                    parallel: environment["KEYCHAIN_LINT_JOBS"] != "1", workingDirectory: workingDirectory)
            var result: LintResult
            if collectsInventory {
                let run = engine.inventoryRun(found: byScope[scope] ?? [], paths: paths, overlays: overlays, folders: folders)
                result = run.result
                records += run.records
            } else {
                result = engine.lint(found: byScope[scope] ?? [], paths: paths, overlays: overlays, folders: folders)
            }
            if let (file, baseline) = settingsOfScope.baseline {
                let filtered = baseline.filter(result, keying: settings.keying(for: file))
                result.findings = filtered.kept
                hidden = (hidden ?? 0) + filtered.hidden
            }
            merged = merged.map { $0.merging(result) } ?? result
        }
        var result = merged!
        result.problems = found.map { LintProblem(kind: $0.kind == .error ? .error : .warning, message: $0.message) } + result.problems
        if !context.isEmpty { result = result.keepingOnly(named.map(\.path), context: context.map(\.path)) }
        return .success(ScopedResult(result: result, hidden: hidden, records: records))
    }

    /// The files of the projects around the Swift files named on the command line
    /// (`ProjectAround`) that the run does not already lint: linted with them, so a named file
    /// gets the findings a run over its project gives it, and not reported.
    private func projectAround(_ named: [LintTarget], discovery: FileDiscovery, folders: FolderCatalog) -> [LintTarget] {
        let configuration = settings.scopes.isFixed ? nil : Configuration.fileName
        var roots: [String] = []
        for target in named where target.explicit && !target.isEntitlements {
            let absolute = Paths.absolute(target.fileSystemPath, base: settings.base)
            if let root = ProjectAround.folder(aroundFileAt: absolute, configurationFileName: configuration, folders: folders),
               !roots.contains(root) {
                roots.append(root)
            }
        }
        guard !roots.isEmpty else { return [] }
        let linted = Set(named.map { Paths.absolute($0.fileSystemPath, base: settings.base) })
        // Spelled relative to the working directory, as a run over the folder would spell its files.
        let spelled = roots.map { Paths.relative($0, from: settings.base) }
        return discovery.discover(spelled).targets.filter { !linted.contains(Paths.absolute($0.fileSystemPath, base: settings.base)) }
    }
}

extension LintResult {
    /// The run restricted to the files in `reported`: the `context` files were linted only as the
    /// project around them. A context file that could not be read is a warning, not a failure.
    fileprivate func keepingOnly(_ reported: [String], context: [String]) -> LintResult {
        let keep = Set(reported), around = Set(context)
        var kept = self
        kept.findings = findings.filter { keep.contains($0.path) }
        kept.lineTexts = lineTexts.filter { keep.contains($0.key) }
        kept.lintedPaths = lintedPaths.filter { keep.contains($0) }
        kept.filesLinted = kept.lintedPaths.count
        kept.problems = problems.map { problem in
            guard let path = problem.path, around.contains(path) else { return problem }
            return LintProblem(kind: .warning, message: problem.message + " (in the project around the files named)", path: path)
        }
        return kept
    }
}

extension LintResult {
    /// Both runs' files and findings; rules that ran in either, at the severity of the first that
    /// ran them (each finding keeps its own severity).
    fileprivate func merging(_ other: LintResult) -> LintResult {
        let known = Set(rules.map(\.id))
        return LintResult(filesLinted: filesLinted + other.filesLinted, findings: findings + other.findings,
                          rules: rules + other.rules.filter { !known.contains($0.id) },
                          severities: severities.merging(other.severities) { first, _ in first },
                          lineTexts: lineTexts.merging(other.lineTexts) { first, _ in first },
                          problems: problems + other.problems, lintedPaths: lintedPaths + other.lintedPaths)
    }
}
