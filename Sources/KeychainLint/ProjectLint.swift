import KeychainLintSyntax
import Dispatch
import KeychainLintProject
import KeychainLintModel
import KeychainLintRules

package enum ProjectLint {
    package enum Outcome: Sendable {
        /// The file's findings and the normalised text of their lines (`LineText`), taken while
        /// the bytes are at hand for baselines and fingerprints.
        case linted([Finding], lines: [Int: String])
        /// A file found by walking that cannot be used: a warning, the run goes on.
        case skipped(String)
        /// A file argument that cannot be read: an error, exit status 2.
        case failed(String)
    }

    /// Lints every target in two passes; outcome `i` belongs to target `i`, so the merge does not
    /// depend on which thread finished first.
    ///
    /// The first pass lints each file alone and collects what it declares for others (aliases,
    /// function references, helpers). When the tree declares any, the second pass lints again
    /// only the files that use one: those that looked up a name the tree declares, those whose
    /// helpers another file extends, and files the prefilter dropped whose bytes name a symbol.
    package static func lintAll(_ targets: [LintTarget], linter: Linter, platforms: PlatformSet?,
                        entitlements: [[EntitlementsFile]]? = nil, parallel: Bool) -> [Outcome] {
        let resolver = ProjectPlatformResolver()
        enum Read { case bytes([UInt8]), outcome(Outcome) }
        func read(_ index: Int) -> Read {
            let target = targets[index]
            switch FileReader.read(target.fileSystemPath) {
            case .success(let bytes):
                guard UTF8Validator.isValid(bytes) else { return .outcome(.skipped("skipping \(target.path): not valid UTF-8")) }
                return .bytes(bytes)
            case .failure(.system(let code)):
                let reason = FileDiscovery.describe(code)
                return .outcome(target.explicit ? .failed("\(reason): \(target.path)") : .skipped("skipping \(target.path): \(reason)"))
            }
        }
        func analyze(_ index: Int, bytes: [UInt8], symbols: ProjectSymbols, force: Bool,
                     relocated: [RelocatedFinding] = []) -> FileAnalysis {
            let target = targets[index]
            let filePlatforms = platforms ?? resolver.platforms(forFileAt: target.fileSystemPath)
            return linter.analyze(path: target.path, bytes: bytes, platforms: filePlatforms, symbols: symbols,
                                  entitlements: entitlements?[index] ?? [], force: force, relocated: relocated)
        }

        /// The analysis with the text of its findings' lines, taken while the bytes are at hand. The
        /// lint's line starts serve for that and are then dropped, so passes do not keep them all.
        func analyzed(_ analysis: FileAnalysis, _ bytes: [UInt8]) -> FirstPass {
            var analysis = analysis
            let starts = analysis.lineStarts
            analysis.lineStarts = []
            let numbers = Set(analysis.findings.map(\.line))
            let lines = starts.isEmpty ? LineText.lines(numbers, in: bytes) : LineText.lines(numbers, in: bytes, lineStarts: starts)
            return FirstPass(outcome: nil, analysis: analysis, lines: lines)
        }

        let first: [FirstPass] = parallelMap(targets.count, parallel: parallel) { i in
            switch read(i) {
            case .outcome(let outcome): return FirstPass(outcome: outcome, analysis: nil)
            case .bytes(let bytes): return analyzed(analyze(i, bytes: bytes, symbols: .empty, force: false), bytes)
            }
        }
        var passes = first
        var symbols = ProjectPass.symbols(from: first.compactMap(\.analysis))
        guard !symbols.names.isEmpty || !symbols.passThroughFunctions.isEmpty else { return first.map(\.final) }

        var pending = first.indices.filter { i in
            guard let analysis = first[i].analysis else { return false }
            return linter.exhaustive || !analysis.wasTokenized || analysis.needsSecondPass(with: symbols, names: symbols.names)
        }
        // A helper that forwards another file's helper (`var base: […] { service.makeQuery() }`) is
        // known only once that one is: files whose declarations changed are read again, and the
        // files that use what changed, for a bounded number of rounds.
        for round in 0..<Self.maxSymbolRounds {
            let current = symbols
            let needles = current.names.sorted().map { Array($0.utf8) }
            let results: [FirstPass?] = parallelMap(pending.count, parallel: parallel) { k in
                let i = pending[k]
                switch read(i) {
                case .outcome(let outcome): return FirstPass(outcome: outcome, analysis: nil)
                case .bytes(let bytes):
                    if !linter.exhaustive && passes[i].analysis?.wasTokenized == false
                        && !SymbolPrefilter.mentionsIdentifier(in: bytes, needles) { return nil }
                    return analyzed(analyze(i, bytes: bytes, symbols: current, force: true), bytes)
                }
            }
            var changed = Set<String>()
            for (k, i) in pending.enumerated() {
                guard let pass = results[k] else { continue }
                let before = passes[i].analysis?.declared ?? FileSymbols()
                passes[i] = pass
                let after = pass.analysis?.declared ?? FileSymbols()
                if before != after { changed.formUnion(before.allNames.union(after.allNames)) }
            }
            guard !changed.isEmpty, round + 1 < Self.maxSymbolRounds else { break }
            symbols = ProjectPass.symbols(from: passes.compactMap(\.analysis))
            pending = passes.indices.filter { i in
                guard let analysis = passes[i].analysis, analysis.wasTokenized else { return false }
                return linter.exhaustive || analysis.mayUse(changed) || !changed.isDisjoint(with: analysis.declared.helpers.keys)
            }
            if pending.isEmpty { break }
        }
        var outcomes = passes.map(\.final)

        // Findings callers made on other files' helpers go to the helper's key, once: the declaring
        // file is linted once more with them, so its own suppressions decide.
        var declaringFile: [String: Int] = [:]
        for (i, pass) in passes.enumerated() {
            for name in (pass.analysis?.declared.helpers ?? [:]).keys where symbols.helpers[name] != nil {
                declaringFile[name] = min(declaringFile[name] ?? i, i)
            }
        }
        var incoming: [Int: Set<RelocatedFinding>] = [:]
        for pass in passes {
            for finding in pass.analysis?.relocated ?? [] {
                if let d = declaringFile[finding.helper] { incoming[d, default: []].insert(finding) }
            }
        }
        let third = incoming.keys.sorted()
        let thirdOutcomes: [Outcome] = parallelMap(third.count, parallel: parallel) { k in
            let d = third[k]
            switch read(d) {
            case .outcome(let outcome): return outcome
            case .bytes(let bytes):
                let relocated = incoming[d]!.sorted { ($0.offset, $0.ruleID, $0.message) < ($1.offset, $1.ruleID, $1.message) }
                return analyzed(analyze(d, bytes: bytes, symbols: symbols, force: true, relocated: relocated), bytes).final
            }
        }
        for (k, d) in third.enumerated() { outcomes[d] = thirdOutcomes[k] }
        return outcomes
    }

    /// Rounds of re-reading for helpers that forward helpers: a chain this many files deep resolves.
    static let maxSymbolRounds = 4

    private struct FirstPass: Sendable {
        var outcome: Outcome?
        var analysis: FileAnalysis?
        var lines: [Int: String] = [:]
        var final: Outcome { outcome ?? .linted(analysis?.findings ?? [], lines: lines) }
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
