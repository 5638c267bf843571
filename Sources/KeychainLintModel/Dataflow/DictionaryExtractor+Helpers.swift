/// What a helper returns: the bodies (and property initializers) of a name walked for the
/// dictionary they return, for one receiver type or all.
extension DictionaryExtractor {
    /// `item.query` with `item: TeamLogin`: only `TeamLogin`'s `query`, when it declares one.
    func typedHelperEntries(named name: Int32, owner: Int32) -> [KeychainEntry]? {
        let key = Int64(name) << 32 | Int64(owner)
        if let memo = typedHelperMemo[key] { return memo }
        let members = membersByOwner[Self.memberKey(name, owner)]
        let bodies = members?.bodies ?? []
        let initializers = members?.initializers ?? []
        guard !bodies.isEmpty || !initializers.isEmpty else { return initializedPropertyEntries(named: name, owners: [owner]) }
        let cuts = recursionCuts
        let entries = walkHelper(name, bodies: bodies, initializers: initializers)
        // A value cut short by a helper asked from inside its own evaluation is no answer to keep.
        guard recursionCuts == cuts else { return entries }
        typedHelperMemo[key] = .some(entries)
        if entries != nil { noteReferencedHelper(name) }
        return entries
    }

    /// What the bodies (and property initializers) of one name return, nil when none is a dictionary.
    /// `guardedByName`: false when the caller guards the bodies against recursion itself (one
    /// overload calling another of the name is no recursion).
    func walkHelper(_ name: Int32, bodies: [Declarations.Body], initializers: [Range<Int>], guardedByName: Bool = true) -> [KeychainEntry]? {
        guard !guardedByName || !helpersInProgress.contains(name), evaluationDepth < Self.maxEvaluationDepth else {
            recursionCuts += 1
            return nil
        }
        let inserted = guardedByName && helpersInProgress.insert(name).inserted
        evaluationDepth += 1
        var entries: [KeychainEntry] = []
        var isDictionary = false
        for body in bodies {
            let walk = FlowWalk(extractor: self, range: code.getterBlock(ofBodyAt: body.open), collectsReturnsOnly: true)
            walk.run()
            if let returned = walk.returnedEntries {
                isDictionary = true
                entries.append(contentsOf: returned)
                if walk.returnsUnknownBase { openHelpers.insert(name) }
            }
        }
        for initializer in initializers {
            let walk = FlowWalk(extractor: self, range: initializer, collectsReturnsOnly: true)
            if let dictionary = walk.dictionary(initializer) {
                isDictionary = true
                entries.append(contentsOf: dictionary.entries)
            }
        }
        evaluationDepth -= 1
        if inserted { helpersInProgress.remove(name) }
        return isDictionary ? entries : nil
    }
}

extension DictionaryExtractor {
    /// A type's bodies and member initializers of one name (`memberKey`), in file order: a typed
    /// lookup is asked for each member read, and filtering every declaration of a common name
    /// (`query`, with a local of that name in each method) each time made files of many types
    /// quadratic.
    static func membersByOwner(_ declarations: Declarations) -> [Int64: (bodies: [Declarations.Body], initializers: [Range<Int>])] {
        var out: [Int64: (bodies: [Declarations.Body], initializers: [Range<Int>])] = [:]
        for id in declarations.bodies.names {
            declarations.bodies.forEach(in: id) { body in
                if let owner = body.owner { out[memberKey(id, owner), default: ([], [])].bodies.append(body) }
            }
        }
        for id in declarations.bindings.names {
            declarations.bindings.forEach(in: id) { binding in
                if binding.isMember, let owner = binding.owner { out[memberKey(id, owner), default: ([], [])].initializers.append(binding.initializer) }
            }
        }
        return out
    }
}
