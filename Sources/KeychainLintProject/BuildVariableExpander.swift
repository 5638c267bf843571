import KeychainLintModel

/// Substitutes a project's build settings (`ProjectBuildSettings`) into an entitlements value,
/// recursively, giving every value it can stand for (`BuildVariableExpansion`).
///
/// A reference to a setting the project does not define stays as written, and so do
/// `$(AppIdentifierPrefix)` / `$(TeamIdentifierPrefix)` (the provisioning profile fills them), a
/// reference with a modifier (`$(PRODUCT_NAME:rfc1034identifier)`), one that is not a plain name,
/// and one that refers back to a setting it is inside (a cycle). A chain of definitions keeps to
/// one condition (`Condition`), so that `[sdk=iphoneos*]` values are not combined with macOS ones.
/// Bounded: references
/// `maxDepth` deep, `maxAlternatives` different values, `maxWork` definitions read and
/// combinations built per value; reaching a bound marks the expansion incomplete.
package struct BuildVariableExpander {
    package static let maxDepth = 16
    package static let maxAlternatives = 64
    package static let maxWork = 100_000

    package let settings: ProjectBuildSettings

    package init(settings: ProjectBuildSettings) {
        self.settings = settings
    }

    package func expand(_ value: String) -> BuildVariableExpansion {
        var run = Run(settings: settings)
        let alternatives = run.expand(value, in: Scope(configuration: nil, condition: .any), depth: 0, enclosing: [])
        return BuildVariableExpansion(alternatives: alternatives, isComplete: !run.wasCut)
    }

    private typealias Alternative = BuildVariableExpansion.Alternative

    /// The conditions a chain of definitions has committed to: a definition `NAME[sdk=iphoneos*]`
    /// applies only to iOS builds, so the settings it refers to are read with the same condition
    /// (else unconditionally); an unconditional one applies where none of its name's conditions
    /// do, so those conditions are excluded further down.
    private enum Condition {
        /// The entitlements value itself: any definition.
        case any
        case only(String)
        case unconditional(excluding: Set<String>)

        func admits(_ definitions: [ProjectBuildSettings.Definition]) -> [ProjectBuildSettings.Definition] {
            switch self {
            case .any: return definitions
            case .only(let condition):
                let same = definitions.filter { $0.condition == condition }
                let plain = definitions.filter { $0.condition.isEmpty }
                return !same.isEmpty ? same : !plain.isEmpty ? plain : definitions
            case .unconditional(let excluded):
                let kept = definitions.filter { !excluded.contains($0.condition) }
                return kept.isEmpty ? definitions : kept
            }
        }

        /// After choosing `definition` among `siblings` (its name's definitions in its configuration).
        func choosing(_ definition: ProjectBuildSettings.Definition, among siblings: [ProjectBuildSettings.Definition]) -> Condition {
            if !definition.condition.isEmpty { return .only(definition.condition) }
            if case .only = self { return self }
            var excluded: Set<String> = []
            if case .unconditional(let earlier) = self { excluded = earlier }
            for sibling in siblings where !sibling.condition.isEmpty { excluded.insert(sibling.condition) }
            return .unconditional(excluding: excluded)
        }
    }

    /// Where a value is read: its configuration (nil for the entitlements file) and condition.
    private struct Scope {
        var configuration: Int?
        var condition: Condition
    }

    /// One value's expansion, with its budget.
    private struct Run {
        let settings: ProjectBuildSettings
        var work = 0
        var wasCut = false

        init(settings: ProjectBuildSettings) {
            self.settings = settings
        }

        /// Every value `text` stands for in `scope`, inside the settings `enclosing` (outermost first).
        mutating func expand(_ text: String, in scope: Scope, depth: Int, enclosing: [String]) -> [Alternative] {
            var results = [Alternative(text: "")]
            for (index, part) in BuildValue.parts(text).enumerated() {
                let options: [Alternative]
                switch part {
                case .literal(let literal):
                    options = [Alternative(text: literal)]
                case .reference(let raw, let name, let modifier):
                    options = values(of: raw, name: modifier == nil ? name : nil, in: scope, depth: depth, enclosing: enclosing)
                }
                var combined: [Alternative] = []
                for result in results {
                    for option in options {
                        // What the value starts with is what its first part starts with.
                        combined.append(index == 0 ? option : Alternative(text: result.text + option.text, leadingVariables: result.leadingVariables,
                                                                          definedAt: result.definedAt))
                    }
                }
                work += combined.count
                results = distinct(combined)
            }
            return results
        }

        /// What one reference can be: each definition it may mean, expanded; itself when none.
        private mutating func values(of raw: String, name: String?, in scope: Scope, depth: Int, enclosing: [String]) -> [Alternative] {
            let unresolved = [Alternative(text: raw)]
            guard let name, !BuildValue.teamPrefixVariables.contains(name), !enclosing.contains(name) else { return unresolved }
            let definitions = settings.definitions(of: name, preferring: scope.configuration)
            guard !definitions.isEmpty else { return unresolved }
            guard depth < BuildVariableExpander.maxDepth else {
                wasCut = true
                return unresolved
            }
            var options: [Alternative] = []
            for (owner, siblings) in definitions {
                for definition in scope.condition.admits(siblings) {
                    work += 1
                    guard work <= BuildVariableExpander.maxWork else {
                        wasCut = true
                        return options.isEmpty ? unresolved : distinct(options)
                    }
                    let inner = Scope(configuration: owner, condition: scope.condition.choosing(definition, among: siblings))
                    for value in expand(definition.value, in: inner, depth: depth + 1, enclosing: enclosing + [name]) {
                        options.append(Alternative(text: value.text, leadingVariables: [name] + value.leadingVariables,
                                                   definedAt: definition.location))
                    }
                }
            }
            return options.isEmpty ? unresolved : distinct(options)
        }

        /// The first alternative of each text, at most `maxAlternatives` of them.
        private mutating func distinct(_ alternatives: [Alternative]) -> [Alternative] {
            var seen = Set<String>()
            var kept: [Alternative] = []
            for alternative in alternatives where seen.insert(alternative.text).inserted {
                guard kept.count < BuildVariableExpander.maxAlternatives else {
                    wasCut = true
                    break
                }
                kept.append(alternative)
            }
            return kept
        }
    }
}
