// STUB: replaced by helper B. Interface is fixed.

/// Three-valued truth: a compile-time condition over a platform may be decided or not
/// (`DEBUG`, `arch(arm64)`, `swift(>=5.9)` are unknown).
package enum TriState: Sendable, Equatable {
    case `true`, `false`, unknown
}

/// A parsed `#if`/`#elseif` condition.
package indirect enum Condition: Sendable, Equatable {
    case always
    case never
    case os(String)
    case canImport(String)
    case targetEnvironment(String)
    /// Anything the platform does not decide: `DEBUG`, `arch(…)`, `swift(…)`, `compiler(…)`, `hasFeature(…)`, unparseable text.
    case unknown
    case not(Condition)
    case and(Condition, Condition)
    case or(Condition, Condition)

    /// Parses the text after `#if`/`#elseif` (comments already removed). Never fails: what it cannot read is `.unknown`.
    package static func parse(_ text: String) -> Condition { .unknown }

    /// Evaluates on native code for one platform.
    package func evaluate(on platform: Platform) -> TriState { .unknown }

    /// The platforms of `set` on which code under this condition may be compiled (true or unknown).
    package func mayHold(in set: PlatformSet) -> PlatformSet {
        PlatformSet(platforms: set.platforms.filter { evaluate(on: $0) != .false })
    }
}
