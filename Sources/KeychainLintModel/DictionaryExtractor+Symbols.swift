import KeychainLintTokenizer

/// The first pass: what this file declares that other files may name.
extension DictionaryExtractor {
    /// Aliases are short (`String(kSecClass)`, `kSecAttrService as AnyHashable`); longer
    /// initializers are not evaluated, which keeps the pass cheap on files full of properties.
    private static let maxAliasTokens = 12

    func declaredSymbols() -> FileSymbols {
        var out = FileSymbols()
        for binding in declarations.memberBindings {
            let initializer = binding.initializer
            if initializer.count == 1, code.kind(initializer.lowerBound) == .identifier,
               let op = KeychainOperation(rawValue: code.text(initializer.lowerBound)) {
                out.functionAliases[binding.name] = op
                continue
            }
            var value = KeychainValue.unknown
            if initializer.count <= Self.maxAliasTokens, mentionsSecurityConstant(initializer) {
                value = constantValue(of: binding)
            }
            if case .symbol(let s) = value, s.hasPrefix("kSec") {
                out.constants[binding.name] = value
            } else if binding.name.hasPrefix("kSec") {
                out.shadowedSecurityNames.insert(binding.name)
            }
        }
        for (name, bodies) in declarations.allBodies where bodies.contains(where: \.declaresDictionary) {
            // A helper built on a dictionary this file cannot read is not offered: others would take it as complete.
            if let entries = helperEntries(named: name, at: bodies[0].open), !openHelpers.contains(name),
               entries.contains(where: { $0.key.hasPrefix("kSec") }) {
                out.helpers[name] = entries
            }
        }
        for (name, initializers) in declarations.memberInitializers
        where out.helpers[name] == nil && initializers.contains(where: { code.kind($0.lowerBound) == .leftBracket }) {
            if let entries = helperEntries(named: name, at: initializers[0].lowerBound), !entries.isEmpty {
                out.helpers[name] = entries
            }
        }
        return out
    }

    private func mentionsSecurityConstant(_ range: Range<Int>) -> Bool {
        range.contains { code.kind($0) == .identifier && code.source.token(code.tokens[$0], hasPrefix: "kSec") }
    }
}
