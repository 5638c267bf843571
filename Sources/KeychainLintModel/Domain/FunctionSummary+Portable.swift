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
    package var portable: FunctionSummary {
        var summary = self
        summary.returnAdded = Self.portable(returnAdded)
        for k in summary.sinks.indices { summary.sinks[k].added = Self.portable(sinks[k].added) }
        for k in summary.effects.indices { summary.effects[k].added = Self.portable(effects[k].added) }
        for k in summary.storedParameters.indices { summary.storedParameters[k].added = Self.portable(storedParameters[k].added) }
        for k in summary.closureSinks.indices { summary.closureSinks[k].added = Self.portable(closureSinks[k].added) }
        return summary
    }

    private static func portable(_ entries: [KeychainEntry]) -> [KeychainEntry] {
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
