import KeychainLintSyntax

/// Where a stored property is written outside the initializers that give it its value: such a
/// write may change what a method reads, so the property's value is then unknown
/// (`InitializedProperty`). Answered once per name, from the name's occurrences, so that a file of
/// many types with a property of one name (`query`) costs one pass over them, not one per type.
extension DictionaryExtractor {
    /// In `propertyWriters`: a write on a value other than `self` (`other.query[k] = v`), which
    /// may be any type's.
    static let anyValue = Int32.min

    /// The types whose methods write a stored property named `id` outside the initializers of the
    /// types that declare it (`self.query[k] = v`, or a bare `query = …` where no local or
    /// parameter of the name hides it), and `anyValue` for a write through another value. A local
    /// `query` of some method is no write.
    func propertyWriters(_ id: Int32) -> Set<Int32> {
        if let memo = propertyWritersMemo[id] { return memo }
        let initializers = Set(Set(declarations.storedMembers[id].map(\.owner)).flatMap { initializerBodies(of: $0).map(\.open) })
        var writers: Set<Int32> = []
        for occurrence in nameOccurrences[id] ?? [] {
            let k = Int(occurrence)
            guard Self.isWrite(at: k, code: code) else { continue }
            let body = code.enclosingFunctionBody(of: k)
            if body.lowerBound > 0, initializers.contains(body.lowerBound - 1) { continue }
            if code.kind(k - 1) == .period && !code.isKeyword(k - 2, "self") {
                writers.insert(Self.anyValue)
                continue
            }
            guard let owner = ownerOfEnclosingFunction(at: k) else { continue }
            if code.kind(k - 1) == .period || !declaresLocal(id, around: k) { writers.insert(owner) }
        }
        propertyWritersMemo[id] = writers
        return writers
    }

    func initializerBodies(of owner: Int32) -> [Declarations.Body] {
        declarations.bodies(named: owner).filter { $0.owner == owner && code.isKeyword($0.nameIndex, "init") }
    }

    /// A `let`/`var` of that name in the function around `k`, or one of its parameters; false
    /// outside any function. The names of a body are read once.
    func declaresLocal(_ id: Int32, around k: Int) -> Bool {
        let body = code.enclosingFunctionBody(of: k)
        guard body.lowerBound > 0 else { return false }
        let open = body.lowerBound - 1
        if let names = localNamesMemo[open] { return names.contains(id) }
        var names: Set<Int32> = []
        if let parameters = code.parameterList(beforeBodyAt: open) {
            for parameter in code.elements(of: parameters) {
                if let p = code.parameterName(parameter) { names.insert(code.nameID(p)) }
            }
        }
        for j in body where code.kind(j) == .identifier && (code.isKeyword(j - 1, "let") || code.isKeyword(j - 1, "var")) {
            names.insert(code.nameIDs[j])
        }
        localNamesMemo[open] = names
        return names.contains(id)
    }

    /// `x[k] = v`, `x = v`, `x += v`, or a method called on `x` (`x.merge(…)`, `x.removeValue(…)`).
    private static func isWrite(at k: Int, code: CodeView) -> Bool {
        switch code.kind(k + 1) {
        case .leftBracket:
            return code.is(code.after(k + 1), "=")
        case .period:
            return code.kind(k + 3) == .leftParen && code.kind(k + 2) == .identifier && !code.isKeyword(k - 1, "let")
        default:
            return code.is(k + 1, "=") || code.is(k + 1, "+=")
        }
    }

    /// Every name's code indices, in order: made the first time a property's writes are asked for.
    static func occurrences(_ code: CodeView) -> [Int32: [Int32]] {
        var out: [Int32: [Int32]] = [:]
        for k in 0..<code.count where code.nameIDs[k] >= 0 { out[code.nameIDs[k], default: []].append(Int32(k)) }
        return out
    }
}
