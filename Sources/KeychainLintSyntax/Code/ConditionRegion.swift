/// A stretch of code under one `#if` / `#elseif` / `#else` clause, nested clauses included.
/// Region 0 is code outside every `#if`.
package struct ConditionRegion: Sendable {
    package typealias ID = Int32

    package var id: ID
    /// The clause's own condition combined with its earlier siblings' negations and its parents'.
    package var condition: Condition
    /// The project platforms on which this region may be compiled.
    package var platforms: PlatformSet

    package init(id: ID, condition: Condition, platforms: PlatformSet) {
        self.id = id
        self.condition = condition
        self.platforms = platforms
    }
}
