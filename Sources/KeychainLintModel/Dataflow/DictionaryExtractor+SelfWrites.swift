import KeychainLintSyntax

/// What a method or initializer body may do to `self`'s dictionary properties, read before it is
/// summarised: a body that does none of it (and takes no dictionary) needs no summary.
struct SelfWrites {
    /// The type the body is declared in.
    var owner: String
    /// The first code index of each name the body writes like a dictionary property: `query[k] = v`,
    /// `self.query[k] = v`, `query.updateValue(…)`, `query = [...]`, and which it does not declare
    /// itself (a local or a parameter of that name is not a property).
    var properties: [Int] = []
    /// `var copy = self` or `return self`: the body may return a changed copy.
    var copiesSelf = false
    /// Every parameter by name id: `copy.raw[key] = value` with `key` a parameter (`ParameterEntry`).
    var parameterIndices: [Int32: Int] = [:]

    var isEmpty: Bool { properties.isEmpty && !copiesSelf }
}

extension DictionaryExtractor {
    /// Methods that change a dictionary property, or copy `self`; nil for a free function, a
    /// `static` one, or a body that does neither. A write counts when its key names something
    /// keychain-relevant (`Relevance`) or is a parameter (`attributes[key] = value`): another
    /// cannot add a keychain entry. Most bodies have no write site at all, which
    /// the file's list of them (`selfWriteSites`) tells without reading the body.
    func selfWrites(in body: Declarations.Body) -> SelfWrites? {
        guard let owner = body.owner else { return nil }
        let end = max(body.open + 1, code.after(body.open) - 1)
        let sites = selfWriteSites
        var s = Self.firstSite(in: sites, after: body.open)
        guard s < sites.count, Int(sites[s]) < end, !code.isTypeMember(declaredAt: body.nameIndex) else { return nil }
        var writes = SelfWrites(owner: code.spelling(owner))
        var declared: Set<Int32> = []
        if let open = body.parameterOpen {
            for (index, element) in code.elements(of: open).enumerated() {
                guard let name = code.parameterName(element) else { continue }
                declared.insert(code.nameID(name))
                writes.parameterIndices[code.nameID(name)] = index
            }
        }
        lazy var isRelevant = relevance.mentionsRelevant(body.open..<(end + 1))
        var candidates: [Int32: Int] = [:]
        while s < sites.count, case let k = Int(sites[s]), k < end {
            s += 1
            if code.isKeyword(k, "self") {
                // A copy can carry a keychain entry only from a relevant body or from an argument.
                writes.copiesSelf = isRelevant || !writes.parameterIndices.isEmpty
            } else if candidates[code.nameID(k)] == nil, writesRelevantKey(k) || isKeyedByParameter(k, writes) {
                candidates[code.nameID(k)] = k
            }
        }
        if !candidates.isEmpty {
            // A local of the name is no property.
            for k in (body.open + 1)..<end where code.kind(k) == .identifier && (code.isKeyword(k - 1, "let") || code.isKeyword(k - 1, "var")) {
                declared.insert(code.nameID(k))
            }
        }
        writes.properties = candidates.filter { !declared.contains($0.key) }.map(\.value).sorted()
        return writes.isEmpty ? nil : writes
    }

    /// The index in `sites` of the first site past `open`.
    private static func firstSite(in sites: [Int32], after open: Int) -> Int {
        var low = 0
        var high = sites.count
        while low < high {
            let middle = (low + high) / 2
            if Int(sites[middle]) <= open { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Every property-like write (`isPropertyWrite`) and every `self` used as a value in the
    /// file, in order: one pass, made the first time a method is asked about.
    static func selfWriteSites(_ code: CodeView) -> [Int32] {
        var sites: [Int32] = []
        for k in 0..<code.count {
            switch code.kind(k) {
            case .identifier:
                if code.kind(k + 1) == .leftBracket || code.kind(k + 1) == .period || code.kind(k + 1) == .operator,
                   isPropertyWrite(at: k, code: code) { sites.append(Int32(k)) }
            case .keyword:
                if code.isKeyword(k, "self"), isCopyOfSelf(at: k, code: code) { sites.append(Int32(k)) }
            default:
                continue
            }
        }
        return sites
    }

    /// The write at `k` names something keychain-relevant (`Relevance`) where a key can be: the
    /// subscript, the method's arguments, the assigned literal. `cache[id] = x` in a keychain
    /// method is no keychain write, and its method is not walked again for it.
    private func writesRelevantKey(_ k: Int) -> Bool {
        let open = code.kind(k + 1) == .period ? k + 3 : code.kind(k + 1) == .leftBracket ? k + 1 : k + 2
        guard open < code.count, code.kind(open) == .leftParen || code.kind(open) == .leftBracket else { return false }
        return relevance.mentionsRelevant(open..<code.after(open))
    }

    /// `x[key] = …` or `x[key as String] = …` with `key` a parameter.
    private func isKeyedByParameter(_ k: Int, _ writes: SelfWrites) -> Bool {
        guard code.kind(k + 1) == .leftBracket, code.kind(k + 2) == .identifier,
              writes.parameterIndices[code.nameID(k + 2)] != nil else { return false }
        let close = code.after(k + 1) - 1
        return close == k + 3 || code.isKeyword(k + 3, "as")
    }

    /// `x[k] = v`, `x.updateValue(…)`/`removeValue`/`merge`/`removeAll`, `x = [...]`, with `x`
    /// bare or `self.x`.
    /// `var copy = self` (a copy to change) or `return self` (a fluent method); not `guard let
    /// self = self`, `let strong = self` or `return self.query`, which copy nothing to change.
    private static func isCopyOfSelf(at k: Int, code: CodeView) -> Bool {
        if code.isKeyword(k - 1, "return") { return code.kind(k + 1) != .period }
        return code.is(k - 1, "=") && code.kind(k - 2) == .identifier && code.isKeyword(k - 3, "var")
    }

    private static func isPropertyWrite(at k: Int, code: CodeView) -> Bool {
        guard code.kind(k - 1) != .period || code.isKeyword(k - 2, "self") else { return false }
        switch code.kind(k + 1) {
        case .leftBracket:
            return code.is(code.after(k + 1), "=")
        case .period:
            let m = k + 2
            guard code.kind(m + 1) == .leftParen else { return false }
            return code.isIdentifier(m, "updateValue") || code.isIdentifier(m, "removeValue") || code.isIdentifier(m, "merge")
                || code.isIdentifier(m, "removeAll")
        default:
            return code.is(k + 1, "=") && code.kind(k + 2) == .leftBracket
        }
    }
}
