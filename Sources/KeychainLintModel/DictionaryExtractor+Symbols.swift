import KeychainLintTokenizer

/// The first pass: what this file declares that other files may name.
extension DictionaryExtractor {
    /// Aliases are short (`String(kSecClass)`, `kSecAttrService as AnyHashable`); longer
    /// initializers are not evaluated, which keeps the pass cheap on files full of properties.
    private static let maxAliasTokens = 12

    func declaredSymbols() -> FileSymbols {
        var out = FileSymbols()
        var aliases = AliasTable()
        for binding in declarations.memberBindings {
            let initializer = binding.initializer
            let name = code.spelling(binding.nameID)
            if initializer.count == 1, code.kind(initializer.lowerBound) == .identifier,
               let op = KeychainOperation(functionName: code.text(initializer.lowerBound)) {
                out.functionAliases[name] = op
                continue
            }
            var value = KeychainValue.unknown
            if initializer.count <= Self.maxAliasTokens, mentionsSecurityConstant(initializer) {
                value = constantValue(of: binding)
            }
            let isAlias = aliases.add(name, owner: binding.owner, value)
            if !isAlias && name.hasPrefix("kSec") { out.shadowedSecurityNames.insert(name) }
        }
        for id in declarations.bodies.names {
            let bodies = declarations.bodies(named: id)
            let name = code.spelling(id)
            for getter in bodies where getter.parameterOpen == nil {
                aliases.add(name, owner: getter.owner, computedConstant(named: id, owner: getter.owner) ?? .unknown)
            }
            if bodies.contains(where: { $0.parameterOpen != nil }), mayPassThrough(bodies), isPassThrough(named: id) {
                out.passThroughFunctions.insert(name)
            }
        }
        out.constants = aliases.exported
        var helperIDs: [Bool] = []
        for id in declarations.bodies.names {
            let bodies = declarations.bodies(named: id)
            guard bodies.contains(where: \.declaresDictionary) else { continue }
            // A helper built on a dictionary this file cannot read is not offered: others would take it as complete.
            if let entries = helperEntries(named: id, at: bodies[0].open), !openHelpers.contains(id),
               entries.contains(where: { $0.key.hasPrefix("kSec") }) {
                out.helpers[code.spelling(id)] = entries
                if helperIDs.isEmpty { helperIDs = [Bool](repeating: false, count: code.names.count) }
                helperIDs[Int(id)] = true
            }
        }
        for id in declarations.memberInitializers.names where helperIDs.isEmpty || !helperIDs[Int(id)] {
            let initializers = declarations.memberInitializers[id]
            guard initializers.contains(where: { code.kind($0.lowerBound) == .leftBracket }) else { continue }
            if let entries = helperEntries(named: id, at: initializers[0].lowerBound), !entries.isEmpty {
                out.helpers[code.spelling(id)] = entries
            }
        }
        return out
    }

    private func mentionsSecurityConstant(_ range: Range<Int>) -> Bool {
        range.contains { code.kind($0) == .identifier && code.source.token(code.tokens[$0], hasPrefix: "kSec") }
    }
}

/// The aliases one file exports: `name` when every member of that name in the file is the same
/// alias, and `Type.name` for each type's own, so `VaultKeys.service` stays readable when another
/// type of the file has a `service` of its own.
private struct AliasTable {
    private var values: [String: KeychainValue?] = [:]

    /// Returns whether `value` is an alias of a `kSec…` constant.
    @discardableResult
    mutating func add(_ name: String, owner: String?, _ value: KeychainValue) -> Bool {
        let alias: KeychainValue? = if case .symbol(let s) = value, s.hasPrefix("kSec") { value } else { nil }
        record(name, alias)
        if let owner { record(owner + "." + name, alias) }
        return alias != nil
    }

    private mutating func record(_ key: String, _ alias: KeychainValue?) {
        if let existing = values[key] {
            if existing != alias { values[key] = .some(nil) }
        } else {
            values[key] = .some(alias)
        }
    }

    var exported: [String: KeychainValue] { values.compactMapValues { $0 } }
}
