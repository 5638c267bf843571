import KeychainLintSupport
import KeychainLintSyntax
import KeychainLintModel
import KeychainLintProject

/// The project-wide analysis: every file linted alone, then again, where it matters, with what
/// the other files declare (aliases, function references, helpers), then the findings callers made
/// on other files' helpers handed to the files that declare them.
///
/// A later pass reads and lexes again the files it needs rather than keeping every file's tokens
/// from the first: kept, they cost several times the source in memory and save nothing measurable
/// on real code (docs/PERFORMANCE.md, "Reading and lexing again").
package enum ProjectAnalysis {
    package enum Outcome: Sendable {
        /// The file's findings and the normalised text of their lines (`LineText`), taken while
        /// the bytes are at hand for baselines and fingerprints.
        case linted([Finding], lines: [Int: String])
        /// A file found by walking that cannot be read or is not UTF-8 (why): the run goes on and
        /// then fails, as ruff's E902 does.
        case unreadable(reason: String)
        /// A file argument that cannot be read: an error, exit status 2.
        case failed(String)
        /// An entitlements property list: the entitlements step reads it, not the passes.
        case entitlements
    }

    /// Rounds of re-reading for helpers that forward helpers: a chain this many files deep resolves.
    package static let maxSymbolRounds = 4

    /// Lints every target; outcome `i` belongs to target `i`, so the merge does not depend on which
    /// thread finished first.
    ///
    /// The first pass lints each file alone and collects what it declares for others. When the tree
    /// declares any, later rounds lint again only the files that use one: those that looked up a
    /// name the tree declares, those whose helpers another file extends, and files the prefilter
    /// dropped whose bytes name a symbol.
    package static func lintAll(_ targets: [LintTarget], linter: Linter, platforms: PlatformSet?,
                                entitlements: EntitlementsContexts? = nil, overlays: [String: [UInt8]] = [:],
                                folders: FolderCatalog = FolderCatalog(), parallel: Bool) -> [Outcome] {
        analyseAll(targets, linter: linter, platforms: platforms, entitlements: entitlements, overlays: overlays,
                   folders: folders, parallel: parallel).outcomes
    }

    /// `lintAll`, with each file's inventory records from the same pass as its findings (empty
    /// unless `linter.collectsInventory`).
    package static func analyseAll(_ targets: [LintTarget], linter: Linter, platforms: PlatformSet?,
                                   entitlements: EntitlementsContexts? = nil, overlays: [String: [UInt8]] = [:],
                                   folders: FolderCatalog = FolderCatalog(),
                                   parallel: Bool) -> (outcomes: [Outcome], inventory: [[InventoryRecord]]) {
        let run = Run(targets: targets, linter: linter, platforms: platforms, entitlements: entitlements,
                      overlays: overlays, parallel: parallel, resolver: ProjectPlatformResolver(folders: folders))
        var passes: [Pass] = Parallel.map(targets.count, parallel: parallel) { i in
            if targets[i].isEntitlements { return Pass(outcome: .entitlements) }
            switch run.read(i) {
            case .outcome(let outcome): return Pass(outcome: outcome)
            case .bytes(let bytes): return run.analyze(i, bytes: bytes, symbols: .empty, force: false)
            }
        }
        var symbols = ProjectPass.symbols(from: passes.compactMap(\.tokenized))
        guard !symbols.names.isEmpty || !symbols.passThroughFunctions.isEmpty else {
            var outcomes = passes.map(\.final)
            var inventory = passes.map { $0.analysis?.inventory ?? [] }
            // Nothing for other files, but a private helper's operation every call misses the
            // same entry through is still reported there once.
            if passes.contains(where: { !($0.tokenized?.routed.isEmpty ?? true) }) {
                run.relocate(passes, symbols: symbols, into: &outcomes, inventory: &inventory)
            }
            return (outcomes, inventory)
        }
        Pass.keepConditionalConsults(of: symbols.names, in: &passes)
        symbols = run.symbolRounds(&passes, symbols: symbols)
        var outcomes = passes.map(\.final)
        var inventory = passes.map { $0.analysis?.inventory ?? [] }
        run.relocate(passes, symbols: symbols, into: &outcomes, inventory: &inventory)
        if linter.collectsInventory { resolveForeign(&inventory, passes: passes, run: run) }
        return (outcomes, inventory)
    }

    /// One file's state after a pass.
    ///
    /// Most files of a tree are dropped by the prefilter and carry nothing: their state is a case
    /// without payload, and a linted file's analysis is boxed, so the passes of a tree of a hundred
    /// thousand files take a few bytes each rather than the size of a `FileAnalysis`.
    struct Pass: Sendable {
        private enum State: Sendable {
            case outcome(Outcome)
            case dropped
            indirect case analysed(FileAnalysis, lines: [Int: String])
        }
        private let state: State

        init(outcome: Outcome) { state = .outcome(outcome) }

        init(analysis: FileAnalysis, lines: [Int: String]) {
            state = lines.isEmpty && analysis.isBlankDrop ? .dropped : .analysed(analysis, lines: lines)
        }

        var outcome: Outcome? {
            if case .outcome(let outcome) = state { return outcome }
            return nil
        }
        var analysis: FileAnalysis? {
            switch state {
            case .outcome: return nil
            case .dropped: return FileAnalysis()
            case .analysed(let analysis, _): return analysis
            }
        }
        /// The analysis of a file that was tokenized: a dropped file declares and consults nothing,
        /// so the merges of every round skip the most files of a tree without building them one.
        var tokenized: FileAnalysis? {
            if case .analysed(let analysis, _) = state, analysis.wasTokenized { return analysis }
            return nil
        }
        var lines: [Int: String] {
            if case .analysed(_, let lines) = state { return lines }
            return [:]
        }
        var final: Outcome { outcome ?? .linted(analysis?.findings ?? [], lines: lines) }

        /// Drops why each file looked up a name the project does not declare (`FileAnalysis.conditional`):
        /// about two dozen a file, kept for the whole run, and only the project's names are asked
        /// about (the peak memory of a large tree: docs/PERFORMANCE.md). A name declared
        /// later counts whatever the file looked it up for, as any name does whose reason is not
        /// kept. Once, after the first pass, which saw no symbols: a round's analyses are cut the
        /// same way when they are made (`DependencyLog.consults`).
        static func keepConditionalConsults(of names: Set<String>, in passes: inout [Pass]) {
            for i in passes.indices {
                guard case .analysed(var analysis, let lines) = passes[i].state, !analysis.conditional.isEmpty else { continue }
                // A new dictionary, not `filter`: that keeps the storage of every entry it drops.
                var kept: [String: ConsultKinds] = [:]
                for (name, kinds) in analysis.conditional where names.contains(name) { kept[name] = kinds }
                analysis.conditional = kept
                passes[i] = Pass(state: .analysed(analysis, lines: lines))
            }
        }

        private init(state: State) { self.state = state }
    }

    /// What one `lintAll` call shares between its passes.
    struct Run: Sendable {
        let targets: [LintTarget]
        let linter: Linter
        let platforms: PlatformSet?
        let entitlements: EntitlementsContexts?
        /// In-memory buffers by `FileDiscovery.overlayKey`: read instead of the file in every pass,
        /// so an edited helper changes the findings of the files that use it.
        let overlays: [String: [UInt8]]
        let parallel: Bool
        let resolver: ProjectPlatformResolver

        enum Read { case bytes([UInt8]), outcome(Outcome) }

        func read(_ index: Int) -> Read {
            let target = targets[index]
            if !overlays.isEmpty, let bytes = overlays[FileDiscovery.overlayKey(target.fileSystemPath, workingDirectory: nil)] {
                return .bytes(bytes)
            }
            switch FileReader.read(target.fileSystemPath) {
            case .success(let bytes):
                // A file the user named that cannot be linted is an error, whatever the reason.
                guard UTF8Validator.isValid(bytes) else {
                    return .outcome(target.explicit ? .failed("not valid UTF-8: \(target.path)") : .unreadable(reason: "not valid UTF-8"))
                }
                return .bytes(bytes)
            case .failure(.system(let code)):
                let reason = FileDiscovery.describe(code)
                return .outcome(target.explicit ? .failed("\(reason): \(target.path)") : .unreadable(reason: reason))
            }
        }

        /// Lints one file and takes the text of its findings' lines while the bytes are at hand. The
        /// lint's line starts serve for that and are then dropped, so passes do not keep them all.
        func analyze(_ index: Int, bytes: [UInt8], symbols: ProjectSymbols, force: Bool,
                     relocated: [RelocatedFinding] = []) -> Pass {
            let target = targets[index]
            var analysis = linter.analyze(path: target.path, bytes: bytes,
                                          platforms: platforms ?? resolver.platforms(forFileAt: target.fileSystemPath), symbols: symbols,
                                          entitlements: entitlements?.files(forFileAt: target.fileSystemPath) ?? [], force: force,
                                          relocated: relocated,
                                          commandLineTool: resolver.buildsCommandLineTool(fileAt: target.fileSystemPath))
            let starts = analysis.lineStarts
            analysis.lineStarts = []
            let numbers = Set(analysis.findings.map(\.line))
            let lines = starts.isEmpty ? LineText.lines(numbers, in: bytes) : LineText.lines(numbers, in: bytes, lineStarts: starts)
            return Pass(analysis: analysis, lines: lines)
        }
    }
}
