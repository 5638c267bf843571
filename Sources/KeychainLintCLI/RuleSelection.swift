import KeychainLint
import KeychainLintRules
import KeychainLintSupport

/// Which rules a run uses: the defaults, changed by `--enable`, `--disable` and `--only`.
package struct RuleSelection: Equatable {
    package var enable: [String] = []
    package var disable: [String] = []
    package var only: [String] = []

    package init() {}

    package var isEmpty: Bool { enable.isEmpty && disable.isEmpty && only.isEmpty }

    /// Applies the selection to the default rules; rules that are off by default come from
    /// `available` and run at warning severity. An unknown id is a usage error naming the closest id.
    /// `all` stands for every available rule (`--enable all`, `--only all`, `--disable all`).
    package func apply(to defaults: [ActiveRule], available: [any Rule.Type]) throws(UsageError) -> [ActiveRule] {
        let known = available.map { $0.description.id }
        func expanded(_ ids: [String]) -> [String] { ids.flatMap { $0 == Self.all ? known : [$0] } }
        let enable = expanded(enable), disable = expanded(disable), only = expanded(only)
        for id in enable + disable + only where !known.contains(id) && !defaults.contains(where: { Self.id($0) == id }) {
            throw .unknownRule(id, suggestion: Self.closest(to: id, in: known))
        }
        func active(_ id: String) -> ActiveRule? {
            if let existing = defaults.first(where: { Self.id($0) == id }) { return existing }
            guard let type = available.first(where: { $0.description.id == id }) else { return nil }
            return ActiveRule(rule: type.init(), severity: type.description.severityWhenEnabled)
        }
        if !only.isEmpty {
            var seen = Set<String>()
            return only.filter { seen.insert($0).inserted }.compactMap(active)
        }
        var rules = defaults.filter { !disable.contains(Self.id($0)) }
        for id in enable where !disable.contains(id) && !rules.contains(where: { Self.id($0) == id }) {
            if let rule = active(id) { rules.append(rule) }
        }
        return rules
    }

    private static func id(_ active: ActiveRule) -> String { type(of: active.rule).description.id }

    /// The id that names every rule.
    static let all = "all"

    /// The known id with the smallest edit distance, when it is close enough to be a typo.
    static func closest(to id: String, in known: [String]) -> String? { Spelling.closest(to: id, in: known) }
}
