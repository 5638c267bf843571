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
            if owners.contains(where: { storedMembersByOwner[Self.memberKey(name, $0)] != nil }) {
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
        // Asked per reading method: indexed by owner, so many types with a `query` each stay linear.
        let members = owners.map { owners in owners.sorted().flatMap { storedMembersByOwner[Self.memberKey(name, $0)] ?? [] } }
            ?? declarations.storedMembers[name]
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
        let writers = propertyWriters(name)
        for member in members {
            if writers.contains(Self.anyValue) || writers.contains(member.owner)
                || !writers.isDisjoint(with: conformances.inheritedNames(of: member.owner)) { return nil }
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

extension DictionaryExtractor {
    static func memberKey(_ name: Int32, _ owner: Int32) -> Int64 { Int64(name) << 32 | Int64(UInt32(bitPattern: owner)) }

    /// `Declarations.storedMembers` by name and owner (`memberKey`).
    static func storedMembersByOwner(_ declarations: Declarations, _ code: CodeView) -> [Int64: [Declarations.StoredMember]] {
        var out: [Int64: [Declarations.StoredMember]] = [:]
        for member in declarations.storedMembers.elements {
            out[memberKey(code.nameID(member.nameIndex), member.owner), default: []].append(member)
        }
        return out
    }
}
