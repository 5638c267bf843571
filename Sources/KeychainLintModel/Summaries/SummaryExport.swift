/// A summary as other files see it.
///
/// Entries a summary adopted from a third file's function carry offsets made up by the file that
/// adopted them (`DictionaryExtractor.rebased`: past the end of that file, numbered in the order
/// the walk met them). Those numbers mean nothing elsewhere — a file that adopts the entries in
/// turn numbers them again from their `home` — but they differ from one lint of the file to the
/// next whenever the walk meets foreign entries in another order. Exported as they are, they made
/// a file's declarations look changed in every project round (Valet: four files re-linted in
/// rounds 2 and 3 for nothing). Exported summaries carry the home's offsets instead.
extension FunctionSummary {
    /// Each shape exports its own part (`ParameterSink.portable`, …). Item changes hold no
    /// entries; property effects (`selfEffects`, `returnedCopy`) go as they are, offsets and all.
    package var portable: FunctionSummary {
        var summary = self
        summary.returnAdded = portableReturnAdded
        summary.sinks = sinks.map(\.portable)
        summary.effects = effects.map(\.portable)
        summary.storedParameters = storedParameters.map(\.portable)
        summary.closureSinks = closureSinks.map(\.portable)
        return summary
    }

    /// Entries with their home's offsets in place of the ones `rebased` made up, nested
    /// dictionaries too; the same array when none was adopted.
    static func portable(_ entries: [KeychainEntry]) -> [KeychainEntry] {
        guard entries.contains(where: { entry in
            if case .dictionary = entry.value { return true }
            return entry.home != nil
        }) else { return entries }
        return entries.map { entry in
            var entry = entry
            if let home = entry.home { (entry.keyOffset, entry.valueOffset) = (home.keyOffset, home.valueOffset) }
            if case .dictionary(let nested) = entry.value { entry.value = .dictionary(portable(nested)) }
            return entry
        }
    }
}

extension DictionaryExtractor {
    /// The summaries of the functions this file declares that others may call.
    func exportedSummaries() -> [String: [FunctionSummary]] {
        var out: [String: [FunctionSummary]] = [:]
        let bodies = declarations.bodies
        for id in bodies.names {
            bodies.forEach(in: id) { body in
                guard !body.isLocal, body.parameterOpen != nil, !code.isFilePrivate(declaredAt: body.nameIndex),
                      let summary = summary(of: body) else { return }
                out[code.spelling(id), default: []].append(summary.portable)
            }
        }
        for body in declarations.subscripts where !code.isFilePrivate(declaredAt: body.nameIndex + 1) {
            if let summary = summary(of: body) { out[Self.subscriptName, default: []].append(summary.portable) }
        }
        return out
    }
}

/// The names the project rounds know the project's summaries by. A function's item changes have
/// names of their own (`ItemChange+Dependencies`), so that a change of them re-lints only the
/// files that depend on it; the rest of its summary goes by the function's name.
extension FunctionSummary {
    /// The names the project's summaries of the functions named `name` answer to; `passing` gets
    /// `name` when one of them deletes or updates a dictionary it is passed.
    static func dependencyNames(_ name: String, _ list: [FunctionSummary], into names: inout Set<String>, passing: inout [String]) {
        if list.contains(where: { $0.withoutItemChanges != nil }) { names.insert(name) }
        if list.contains(where: { !$0.itemChanges.isEmpty }) { names.insert(ItemChange.dependencyName(of: name)) }
        let functions = ItemChange.passing(list)
        if !functions.isEmpty {
            passing.append(name)
            names.formUnion(ItemChange.passingNames(of: name, functions))
        }
    }

    /// The names whose meaning changes when a file's summaries of the functions named `name` go
    /// from `theirs` to `mine` (`FileSymbols.changedNames`).
    static func changedNames(_ name: String, _ mine: [FunctionSummary], _ theirs: [FunctionSummary], into changed: inout Set<String>) {
        if ItemChange.otherParts(mine) != ItemChange.otherParts(theirs) { changed.insert(name) }
        if ItemChange.facts(mine) != ItemChange.facts(theirs) { changed.insert(ItemChange.dependencyName(of: name)) }
        let passing = (ItemChange.passing(mine), ItemChange.passing(theirs))
        if passing.0 != passing.1 {
            let differing = passing.0.filter { !passing.1.contains($0) } + passing.1.filter { !passing.0.contains($0) }
            changed.formUnion(ItemChange.passingNames(of: name, differing))
        }
    }
}
