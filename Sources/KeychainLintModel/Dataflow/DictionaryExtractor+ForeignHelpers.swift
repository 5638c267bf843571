import KeychainLintSyntax

/// Entries read from another file's helper, placed in this one.
extension DictionaryExtractor {
    /// A foreign helper's entries get offsets of their own past the end of this file, so a rule's
    /// finding on one can be traced back to the declaring file's key (`DependencyLog.foreignSpots`).
    func rebased(_ entries: [KeychainEntry], helper: String, region: ConditionRegion.ID, salt: Int) -> [KeychainEntry] {
        entries.map { entry in
            var moved = entry
            let home = entry.home ?? EntryHome(helper: helper, keyOffset: entry.keyOffset, valueOffset: entry.valueOffset)
            moved.home = home
            moved.keyOffset = log.foreignSpot(helper: home.helper, offset: home.keyOffset)
            moved.valueOffset = log.foreignSpot(helper: home.helper, offset: home.valueOffset)
            moved.region = region
            moved.branch = entry.branch.foreign(salt: salt)
            if case .dictionary(let nested) = entry.value { moved.value = .dictionary(rebased(nested, helper: helper, region: region, salt: salt)) }
            return moved
        }
    }
}
