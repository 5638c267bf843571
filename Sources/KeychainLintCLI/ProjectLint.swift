import Dispatch
import KeychainLintModel
import KeychainLintRules

extension CommandLineTool {
    enum Outcome: Sendable {
        case linted([Finding])
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
    static func lintAll(_ targets: [LintTarget], linter: Linter, platforms: PlatformSet?,
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
        func analyze(_ index: Int, bytes: [UInt8], symbols: ProjectSymbols, force: Bool) -> FileAnalysis {
            let target = targets[index]
            let filePlatforms = platforms ?? resolver.platforms(forFileAt: target.fileSystemPath)
            return linter.analyze(path: target.path, bytes: bytes, platforms: filePlatforms, symbols: symbols,
                                  entitlements: entitlements?[index] ?? [], force: force)
        }

        let first: [FirstPass] = parallelMap(targets.count, parallel: parallel) { i in
            switch read(i) {
            case .outcome(let outcome): return FirstPass(outcome: outcome, analysis: nil)
            case .bytes(let bytes): return FirstPass(outcome: nil, analysis: analyze(i, bytes: bytes, symbols: .empty, force: false))
            }
        }
        let symbols = ProjectPass.symbols(from: first.compactMap(\.analysis))
        let names = symbols.names
        guard !names.isEmpty else { return first.map(\.final) }

        let needles = names.sorted().map { Array($0.utf8) }
        let again = first.indices.filter { i in
            guard let analysis = first[i].analysis else { return false }
            return !analysis.wasTokenized || analysis.needsSecondPass(with: symbols, names: names)
        }
        let second: [Outcome?] = parallelMap(again.count, parallel: parallel) { k in
            let i = again[k]
            switch read(i) {
            case .outcome(let outcome): return outcome
            case .bytes(let bytes):
                if first[i].analysis?.wasTokenized == false && !SymbolPrefilter.mentionsIdentifier(in: bytes, needles) { return nil }
                return .linted(analyze(i, bytes: bytes, symbols: symbols, force: true).findings)
            }
        }
        var outcomes = first.map(\.final)
        for (k, i) in again.enumerated() { if let outcome = second[k] { outcomes[i] = outcome } }
        return outcomes
    }

    private struct FirstPass: Sendable {
        var outcome: Outcome?
        var analysis: FileAnalysis?
        var final: Outcome { outcome ?? .linted(analysis?.findings ?? []) }
    }

    /// `body(0..<count)` in order, on all cores when `parallel`.
    static func parallelMap<T: Sendable>(_ count: Int, parallel: Bool, _ body: (Int) -> T) -> [T] {
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
