import KeychainLintSupport
import KeychainLintModel

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
            // A file the prefilter dropped is read for this only: whether it names a symbol. Asked
            // in the same parallel sweep as the lint of the files that use one: one pass over the
            // pending files, not a search and then a lint.
            let needles = linter.exhaustive ? nil : IdentifierSet(current.contentNames)
            let dropped = pending.map { passes[$0].tokenized == nil }
            let results: [Pass?] = Parallel.map(pending.count, parallel: parallel) { k in
                let i = pending[k]
                switch read(i) {
                case .outcome(let outcome): return Pass(outcome: outcome)
                case .bytes(let bytes):
                    if let needles, dropped[k], !needles.occurs(in: bytes) { return nil }
                    return analyze(i, bytes: bytes, symbols: current, force: true)
                }
            }
            var changed = Set<String>()
            // Helpers a file read for the first time this round (it was not read before, or read
            // less): the files declaring them no longer report their dictionaries as unseen uses.
            var used = current.externallyUsedHelpers
            for (k, i) in pending.enumerated() {
                guard let pass = results[k] else { continue }
                let before = passes[i].analysis?.declared ?? FileSymbols()
                passes[i] = pass
                let after = pass.analysis?.declared ?? FileSymbols()
                if before != after { changed.formUnion(after.changedNames(comparedWith: before)) }
                if let analysis = pass.tokenized { ProjectPass.helpers(of: current, usedBy: analysis, into: &used) }
            }
            let newlyUsed = used.subtracting(current.externallyUsedHelpers)
            guard !changed.isEmpty || !newlyUsed.isEmpty, round + 1 < ProjectAnalysis.maxSymbolRounds else { break }
            symbols = ProjectPass.symbols(from: passes.compactMap(\.tokenized))
            pending = passes.indices.filter { i in
                guard let analysis = passes[i].tokenized else { return false }
                return linter.exhaustive || analysis.mayUse(changed, mentionable: changed.intersection(symbols.contentNames), symbols: [current, symbols])
                    || !changed.isDisjoint(with: analysis.declared.helpers.keys)
                    || !newlyUsed.isDisjoint(with: analysis.declared.helpers.keys)
            }
            if pending.isEmpty { break }
        }
        return symbols
    }

    /// Findings callers made on other files' helpers go to the helper's key, once: the declaring
    /// file is linted once more with them, so its own suppressions decide.
    func relocate(_ passes: [Pass], symbols: ProjectSymbols, into outcomes: inout [ProjectAnalysis.Outcome],
                  inventory: inout [[InventoryRecord]]) {
        // A helper two files give different values is no one file's: findings stay with the callers.
        let declaringFile = ProjectAnalysis.declaringFiles(passes) { symbols.helpers[$0] != nil }
        let sinks = sinkFindings(passes, declaringFile: declaringFile)
        var incoming = sinks.atSinks
        for pass in passes {
            for finding in pass.tokenized?.relocated ?? [] {
                if let d = declaringFile[finding.helper] { incoming[d, default: []].insert(finding) }
            }
        }
        let declaring = incoming.keys.sorted()
        let results: [Pass] = Parallel.map(declaring.count, parallel: parallel) { k in
            let d = declaring[k]
            switch read(d) {
            case .outcome(let outcome): return Pass(outcome: outcome)
            case .bytes(let bytes):
                let relocated = incoming[d]!.sorted { ($0.offset, $0.ruleID, $0.message) < ($1.offset, $1.ruleID, $1.message) }
                return analyze(d, bytes: bytes, symbols: symbols, force: true, relocated: relocated)
            }
        }
        for (k, d) in declaring.enumerated() {
            outcomes[d] = results[k].final
            inventory[d] = results[k].analysis?.inventory ?? []
        }
        dropping(sinks, from: &outcomes)
    }
}

extension ProjectAnalysis {
    /// The file (pass index) that declares each helper (those `keepsHelper` accepts), summarised
    /// function (by route) and type member (`Type.member`), the first of several.
    static func declaringFiles(_ passes: [Pass], keepsHelper: (String) -> Bool = { _ in true }) -> [String: Int] {
        var declaringFile: [String: Int] = [:]
        func note(_ name: String, _ i: Int) { declaringFile[name] = min(declaringFile[name] ?? i, i) }
        for (i, pass) in passes.enumerated() {
            guard let declared = pass.tokenized?.declared else { continue }
            for name in declared.helpers.keys where keepsHelper(name) { note(name, i) }
            for summary in declared.summaries.values.joined() { note(summary.route, i) }
            for (key, list) in declared.memberHelpers {
                let member = key.split(separator: ".").last.map(String.init) ?? key
                for helper in list { note(helper.type + "." + member, i) }
            }
        }
        return declaringFile
    }
}
