import KeychainLintModel
import KeychainLintRules

extension ProjectAnalysis.Run {
    typealias Pass = ProjectAnalysis.Pass

    /// The rounds after the first: files that use what the tree declares are linted again with
    /// it. A helper that forwards another file's helper (`var base: […] { service.makeQuery() }`)
    /// is known only once that one is: files whose declarations changed, and the files that use
    /// what changed, are analysed again for a bounded number of rounds. Returns the final symbols.
    func symbolRounds(_ passes: inout [Pass], symbols initial: ProjectSymbols) -> ProjectSymbols {
        var symbols = initial
        let names = symbols.names
        var pending = passes.indices.filter { i in
            guard let analysis = passes[i].analysis else { return false }
            return linter.exhaustive || !analysis.wasTokenized || analysis.needsSecondPass(with: symbols, names: names)
        }
        for round in 0..<ProjectAnalysis.maxSymbolRounds {
            let current = symbols
            if !linter.exhaustive { pending = namingSymbols(pending, passes, IdentifierSet(current.contentNames)) }
            let results: [Pass?] = ProjectAnalysis.parallelMap(pending.count, parallel: parallel) { k in
                let i = pending[k]
                switch read(i) {
                case .outcome(let outcome): return Pass(outcome: outcome)
                case .bytes(let bytes): return analyze(i, bytes: bytes, symbols: current, force: true)
                }
            }
            var changed = Set<String>()
            for (k, i) in pending.enumerated() {
                guard let pass = results[k] else { continue }
                let before = passes[i].analysis?.declared ?? FileSymbols()
                passes[i] = pass
                let after = pass.analysis?.declared ?? FileSymbols()
                if before != after { changed.formUnion(after.changedNames(comparedWith: before)) }
            }
            guard !changed.isEmpty, round + 1 < ProjectAnalysis.maxSymbolRounds else { break }
            symbols = ProjectPass.symbols(from: passes.compactMap(\.analysis))
            pending = passes.indices.filter { i in
                guard let analysis = passes[i].analysis, analysis.wasTokenized else { return false }
                return linter.exhaustive || analysis.mayUse(changed, mentionable: changed.intersection(symbols.contentNames))
                    || !changed.isDisjoint(with: analysis.declared.helpers.keys)
            }
            if pending.isEmpty { break }
        }
        return symbols
    }

    /// `pending` without the files the prefilter dropped whose bytes name none of `needles`. Asked
    /// apart from the lint so the answers for a large tree's dropped files take a byte each, not
    /// a slot the size of a file's analysis (108,000 files: about 15 MB).
    private func namingSymbols(_ pending: [Int], _ passes: [Pass], _ needles: IdentifierSet) -> [Int] {
        let dropped = pending.filter { passes[$0].analysis?.wasTokenized == false }
        guard !dropped.isEmpty else { return pending }
        let names: [Bool] = ProjectAnalysis.parallelMap(dropped.count, parallel: parallel) { k in
            guard case .bytes(let bytes) = read(dropped[k]) else { return true }  // the lint reports why
            return needles.occurs(in: bytes)
        }
        let silent = Set(zip(dropped, names).lazy.filter { !$0.1 }.map(\.0))
        return pending.filter { !silent.contains($0) }
    }

    /// Findings callers made on other files' helpers go to the helper's key, once: the declaring
    /// file is linted once more with them, so its own suppressions decide.
    func relocate(_ passes: [Pass], symbols: ProjectSymbols, into outcomes: inout [ProjectAnalysis.Outcome]) {
        var declaringFile: [String: Int] = [:]
        for (i, pass) in passes.enumerated() {
            for name in (pass.analysis?.declared.helpers ?? [:]).keys where symbols.helpers[name] != nil {
                declaringFile[name] = min(declaringFile[name] ?? i, i)
            }
            for summary in (pass.analysis?.declared.summaries ?? [:]).values.joined() {
                declaringFile[summary.route] = min(declaringFile[summary.route] ?? i, i)
            }
        }
        let sinks = sinkFindings(passes, declaringFile: declaringFile)
        var incoming = sinks.atSinks
        for pass in passes {
            for finding in pass.analysis?.relocated ?? [] {
                if let d = declaringFile[finding.helper] { incoming[d, default: []].insert(finding) }
            }
        }
        let declaring = incoming.keys.sorted()
        let results: [ProjectAnalysis.Outcome] = ProjectAnalysis.parallelMap(declaring.count, parallel: parallel) { k in
            let d = declaring[k]
            switch read(d) {
            case .outcome(let outcome): return outcome
            case .bytes(let bytes):
                let relocated = incoming[d]!.sorted { ($0.offset, $0.ruleID, $0.message) < ($1.offset, $1.ruleID, $1.message) }
                return analyze(d, bytes: bytes, symbols: symbols, force: true, relocated: relocated).final
            }
        }
        for (k, d) in declaring.enumerated() { outcomes[d] = results[k] }
        dropping(sinks.replaced, from: &outcomes)
    }
}
