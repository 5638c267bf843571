import Dispatch
import KeychainLintSyntax
import KeychainLintModel
import KeychainLintProject
import KeychainLintRules

/// The project-wide analysis: every file linted alone, then again, where it matters, with what
/// the other files declare (aliases, function references, helpers), then the findings callers made
/// on other files' helpers handed to the files that declare them.
///
/// A later pass reads and lexes its files again rather than keeping every file's tokens from the
/// first: kept, they cost about five times the source in memory (dense corpus: peak RSS 28 MB →
/// 95 MB, 45% slower) and saved nothing measurable on real code (docs/PERFORMANCE.md).
package enum ProjectAnalysis {
    package enum Outcome: Sendable {
        /// The file's findings and the normalised text of their lines (`LineText`), taken while
        /// the bytes are at hand for baselines and fingerprints.
        case linted([Finding], lines: [Int: String])
        /// A file found by walking that cannot be used: a warning, the run goes on.
        case skipped(String)
        /// A file argument that cannot be read: an error, exit status 2.
        case failed(String)
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
                                entitlements: [[EntitlementsFile]]? = nil, overlays: [String: [UInt8]] = [:],
                                parallel: Bool) -> [Outcome] {
        let run = Run(targets: targets, linter: linter, platforms: platforms, entitlements: entitlements,
                      overlays: overlays, parallel: parallel)
        var passes: [Pass] = parallelMap(targets.count, parallel: parallel) { i in
            switch run.read(i) {
            case .outcome(let outcome): return Pass(outcome: outcome)
            case .bytes(let bytes): return run.analyze(i, bytes: bytes, symbols: .empty, force: false)
            }
        }
        var symbols = ProjectPass.symbols(from: passes.compactMap(\.analysis))
        guard !symbols.names.isEmpty || !symbols.passThroughFunctions.isEmpty else { return passes.map(\.final) }
        symbols = run.symbolRounds(&passes, symbols: symbols)
        var outcomes = passes.map(\.final)
        run.relocate(passes, symbols: symbols, into: &outcomes)
        return outcomes
    }

    /// One file's state after a pass.
    ///
    /// Most files of a tree are dropped by the prefilter and carry nothing: their state is a case
    /// without payload, and a linted file's analysis is boxed, so the passes of a 108,000-file tree
    /// take a few bytes each rather than the size of a `FileAnalysis` (about 14 MB there).
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
        var lines: [Int: String] {
            if case .analysed(_, let lines) = state { return lines }
            return [:]
        }
        var final: Outcome { outcome ?? .linted(analysis?.findings ?? [], lines: lines) }
    }

    /// What one `lintAll` call shares between its passes.
    struct Run: Sendable {
        let targets: [LintTarget]
        let linter: Linter
        let platforms: PlatformSet?
        let entitlements: [[EntitlementsFile]]?
        /// In-memory buffers by `FileDiscovery.overlayKey`: read instead of the file in every pass,
        /// so an edited helper changes the findings of the files that use it.
        let overlays: [String: [UInt8]]
        let parallel: Bool
        let resolver = ProjectPlatformResolver()

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
                    return .outcome(target.explicit ? .failed("not valid UTF-8: \(target.path)") : .skipped("skipping \(target.path): not valid UTF-8"))
                }
                return .bytes(bytes)
            case .failure(.system(let code)):
                let reason = FileDiscovery.describe(code)
                return .outcome(target.explicit ? .failed("\(reason): \(target.path)") : .skipped("skipping \(target.path): \(reason)"))
            }
        }

        /// Lints one file and takes the text of its findings' lines while the bytes are at hand. The
        /// lint's line starts serve for that and are then dropped, so passes do not keep them all.
        func analyze(_ index: Int, bytes: [UInt8], symbols: ProjectSymbols, force: Bool,
                     relocated: [RelocatedFinding] = []) -> Pass {
            let target = targets[index]
            let filePlatforms = platforms ?? resolver.platforms(forFileAt: target.fileSystemPath)
            var analysis = linter.analyze(path: target.path, bytes: bytes, platforms: filePlatforms, symbols: symbols,
                                          entitlements: entitlements?[index] ?? [], force: force, relocated: relocated)
            let starts = analysis.lineStarts
            analysis.lineStarts = []
            let numbers = Set(analysis.findings.map(\.line))
            let lines = starts.isEmpty ? LineText.lines(numbers, in: bytes) : LineText.lines(numbers, in: bytes, lineStarts: starts)
            return Pass(analysis: analysis, lines: lines)
        }
    }

    /// `body(0..<count)` in order, on all cores when `parallel`.
    package static func parallelMap<T: Sendable>(_ count: Int, parallel: Bool, _ body: (Int) -> T) -> [T] {
        guard parallel, count > 1 else { return (0..<count).map(body) }
        let slots = UnsafeMutableBufferPointer<T>.allocate(capacity: count)
        defer {
            slots.baseAddress!.deinitialize(count: count)
            slots.deallocate()
        }
        nonisolated(unsafe) let shared = slots
        withoutActuallyEscaping(body) { body in
            nonisolated(unsafe) let work = body
            DispatchQueue.concurrentPerform(iterations: count) { i in
                (shared.baseAddress! + i).initialize(to: work(i))
            }
        }
        return Array(slots)
    }
}
