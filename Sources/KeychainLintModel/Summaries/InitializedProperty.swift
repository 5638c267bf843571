import KeychainLintSyntax

// Shape: a stored dictionary property declared without a value (`private let baseQuery: [String: Any]`)
// that the type's initializers set — from a local built step by step (`self.baseQuery = base`), a
// literal, or entry by entry on the property itself (`query[k] = v`). Its value is what each
// initializer leaves in it, one path per initializer; a method that reads the property
// (`var q = baseQuery`, `self.store.query`, a protocol extension's `query`) starts from it, as it
// starts from a computed property's (`DictionaryExtractor.helperEntries`). Other files read it as
// a helper of the property's name (`declaredSymbols`).

extension DictionaryExtractor {
    /// What the initializers of the types declaring `name` leave in it, read at `index`: the
    /// receiver's type when the file says it (`store.query`, `self.query`, a bare `query` in a
    /// method), its conformers when that is a protocol of the file, else every type's. Nil when no
    /// initializer of theirs sets it.
    func initializedPropertyEntries(named name: Int32, at index: Int) -> [KeychainEntry]? {
        let owner = receiverType(ofMemberAt: index) ?? (code.kind(index - 1) == .period ? nil : ownerOfEnclosingFunction(at: index))
        if let owner {
            let owners = conformances.protocols.contains(owner) ? conformances.conformers(of: owner) : [owner]
            if declarations.storedMembers.contains(in: name, where: { owners.contains($0.owner) }) {
                return initializedPropertyEntries(named: name, owners: owners)
            }
        }
        return initializedPropertyEntries(named: name, owners: nil)
    }

    /// The same for the members of `owners` (every type's when nil); nil when none declares it,
    /// no initializer sets it, or its value is not all a reader may see: an initializer stores
    /// what the file cannot read (`self.query = query` from a parameter), or code outside the
    /// initializers writes it.
    func initializedPropertyEntries(named name: Int32, owners: Set<Int32>?) -> [KeychainEntry]? {
        var members = declarations.storedMembers[name]
        if let owners { members = members.filter { owners.contains($0.owner) } }
        guard !members.isEmpty else { return nil }
        let key = members.map(\.nameIndex)
        if let memo = initializedPropertyMemo[key] { return memo }
        guard !initializedPropertiesInProgress.contains(name), evaluationDepth < Self.maxEvaluationDepth else {
            recursionCuts += 1
            return nil
        }
        initializedPropertiesInProgress.insert(name)
        evaluationDepth += 1
        let cuts = recursionCuts
        let entries = initializedEntries(of: members, name: name)
        evaluationDepth -= 1
        initializedPropertiesInProgress.remove(name)
        if recursionCuts == cuts { initializedPropertyMemo[key] = .some(entries) }
        if entries != nil { noteReferencedHelper(name) }
        return entries
    }

    /// Each initializer's value is one alternative (`BranchPath.Arm.isAlternative`, grouped by the
    /// first initializer's `{`, a code index no `if` chain uses): an instance made by one holds
    /// only what that one set.
    private func initializedEntries(of members: [Declarations.StoredMember], name: Int32) -> [KeychainEntry]? {
        var paths: [(open: Int, entries: [KeychainEntry])] = []
        // Each type's initializers set only their own property: writes there are no one else's.
        let everyInitializer = Set(declarations.storedMembers[name].map(\.owner)).sorted().flatMap { initializerBodies(of: $0) }
        for member in members {
            if isWritten(member, outside: everyInitializer) { return nil }
            for body in initializerBodies(of: member.owner) {
                let walk = FlowWalk(extractor: self, range: body.open..<code.after(body.open), collectsReturnsOnly: true)
                walk.initializedProperty = (member.nameIndex, -1)
                walk.rootParameters = body.parameterOpen
                walk.run()
                guard let value = walk.initializedValue else { continue }
                if value.unknownBase { return nil }
                paths.append((body.open, value.entries))
            }
        }
        guard let first = paths.first else { return nil }
        return KeychainEntry.alternatives(paths.map(\.entries), group: first.open)
    }

    private func initializerBodies(of owner: Int32) -> [Declarations.Body] {
        declarations.bodies(named: owner).filter { $0.owner == owner && code.isKeyword($0.nameIndex, "init") }
    }

    /// The property is assigned, subscripted with `=`, or changed by a mutating method outside
    /// the initializers of the types that declare it: `self.query[k] = v` or a bare `query = …`
    /// in a method of its type (or of a protocol it names) where no local or parameter hides it,
    /// or `other.query[k] = v` on any value. A local `query` of another method is no write.
    private func isWritten(_ member: Declarations.StoredMember, outside initializers: [Declarations.Body]) -> Bool {
        let id = code.nameID(member.nameIndex)
        let ranges = initializers.map { $0.open..<code.after($0.open) }
        let inherited = conformances.inheritedNames(of: member.owner)
        for k in 0..<code.count where code.nameIDs[k] == id && k != member.nameIndex {
            guard Self.isWrite(at: k, code: code), !ranges.contains(where: { $0.contains(k) }) else { continue }
            if code.kind(k - 1) == .period && !code.isKeyword(k - 2, "self") { return true }
            guard let owner = ownerOfEnclosingFunction(at: k), owner == member.owner || inherited.contains(owner) else { continue }
            if code.kind(k - 1) == .period || !declaresLocal(id, around: k) { return true }
        }
        return false
    }

    /// A `let`/`var` of that name in the function around `k`, or one of its parameters.
    func declaresLocal(_ id: Int32, around k: Int) -> Bool {
        let body = code.enclosingFunctionBody(of: k)
        if body.lowerBound > 0, let parameters = parameterList(beforeBodyAt: body.lowerBound - 1),
           code.elements(of: parameters).contains(where: { code.parameterName($0).map { code.nameID($0) == id } ?? false }) {
            return true
        }
        return body.contains { j in
            code.nameIDs[j] == id && (code.isKeyword(j - 1, "let") || code.isKeyword(j - 1, "var"))
        }
    }

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
}

extension FlowWalk {
    /// At the initializer's `{`: the property is a variable with no value yet, declared before the
    /// initializer's parameters (`rootParameters`) so that a parameter of its name hides it.
    func declareInitializedProperty() {
        guard let tracked = initializedProperty else { return }
        declareVariable(nameIndex: tracked.nameIndex, entries: [])
        initializedProperty?.variable = variables.count - 1
    }

    /// `self.query` while an initializer is walked for it: the property, even where a local or a
    /// parameter of its name hides it (`self.query = query`).
    @inline(__always)
    func initializedPropertyVariable(at i: Int) -> Int? {
        guard let tracked = initializedProperty, tracked.variable >= 0, code.kind(i - 1) == .period,
              code.nameID(i) == code.nameID(tracked.nameIndex) else { return nil }
        return tracked.variable
    }

    /// At the initializer's end: what the property holds, nil when this initializer never set it
    /// (`self.init(…)` delegates to one that does).
    func noteInitializedValue() {
        guard let tracked = initializedProperty, tracked.variable >= 0, !variables[tracked.variable].events.isEmpty else { return }
        initializedValue = (snapshot(tracked.variable), openness(tracked.variable).unknownBase)
    }
}
