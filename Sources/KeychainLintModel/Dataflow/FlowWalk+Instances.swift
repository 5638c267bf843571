import KeychainLintSyntax

/// Instances of the project's own types that hold a keychain dictionary in a property, followed in
/// locals: `var lookup = ItemLookup(service: s, account: a)`, then `lookup.returningData()` (a
/// `mutating func`, or a class's method, that writes `query`), then `lookup.query` at the
/// operation; or `let q = KeychainQuery([…]).adding(kSecAttrAccount, "a")` (a method returning a
/// changed copy) and `q.raw`. The summaries say what each method does (`PropertyEffect`).
///
/// Each property of a followed instance is a variable the walk keeps out of name lookup; an
/// instance starts only from an initializer whose summary sets a property, from `self` in a
/// summarised method, or from a chain of those. Anything else stays unknown.
struct InstanceTable {
    /// Set while a method body is summarised.
    var selfWrites: SelfWrites?
    /// In a summarised method: `self`'s dictionary properties, by name, as variables.
    var selfProperties: [String: Int] = [:]
    /// Entries keyed by a parameter of the summarised function, by variable.
    var parameterEntries: [Int: [ParameterEntry]] = [:]
    /// The summarised method returns something other than a copy of `self` on some path.
    var returnsOther = false
    /// Locals holding an instance, by the local's name id.
    var byName: [Int32: Int] = [:]
    var instances: [Instance] = []
}

/// One instance: its type's name, and each dictionary property the walk knows, as a variable.
struct Instance {
    var type: String
    var block: Int
    var properties: [String: Int] = [:]
    /// A copy of `self` in a summarised method: a property not written yet is `self`'s.
    var copiesSelf: Bool
}

extension FlowWalk {
    // MARK: Instances in locals

    /// `var lookup = ItemLookup(…)`: true when the initializer yields an instance, now held by the
    /// local. Any other declaration hides an instance of the same name.
    func declareInstance(nameIndex: Int, initializer: Range<Int>) -> Bool {
        let id = code.nameID(nameIndex)
        guard let instance = instanceValue(initializer) else {
            if !instances.byName.isEmpty { instances.byName[id] = nil }
            return false
        }
        instances.instances[instance].block = currentBlockID
        instances.byName[id] = instance
        return true
    }

    /// The instance the local at `i` holds, if it is in scope and no dictionary local hides it.
    func instanceLocal(at i: Int) -> Int? {
        guard !instances.byName.isEmpty, code.kind(i) == .identifier, let k = instances.byName[code.nameID(i)],
              blockIsOpen[instances.instances[k].block], variableIndex(at: i) == nil else { return nil }
        return k
    }

    /// `lookup.m(…)`: the call's receiver is a followed instance (another file's methods are worth looking up).
    func hasInstanceReceiver(_ i: Int) -> Bool {
        !instances.byName.isEmpty && code.kind(i - 1) == .period && instanceLocal(at: i - 2) != nil
    }

    /// The instance an expression yields: a followed local, `self` in a summarised method, an
    /// initializer call whose summary sets a property, or a method of one of those that returns a
    /// changed copy. Each evaluation makes a new instance (a copy), so the original is not changed.
    func instanceValue(_ range: Range<Int>) -> Int? {
        let r = trimmed(range)
        guard let a = r.first else { return nil }
        if r.count == 1 {
            if code.isKeyword(a, "self"), let writes = instances.selfWrites { return selfCopy(owner: writes.owner) }
            guard let local = instanceLocal(at: a) else { return nil }
            return copy(local)
        }
        let last = r.upperBound - 1
        guard code.kind(last) == .rightParen, code.partner[last] > a else { return nil }
        let callee = Int(code.partner[last]) - 1
        guard code.kind(callee) == .identifier else { return nil }
        if callee == a {
            // A type's initializer: only capitalised names are asked about (most calls are functions).
            guard let first = code.text(a).utf8.first, first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") else { return nil }
            if extractor.mayHaveSummaries(at: callee), let instance = initialized(calleeAt: callee) { return instance }
            return memberwiseInstance(calleeAt: callee)
        }
        guard callee - 1 > a, code.kind(callee - 1) == .period, let receiver = instanceValue(a..<(callee - 1)),
              extractor.mayHaveSummaries(at: callee) else { return nil }
        return returnedCopy(of: receiver, calleeAt: callee)
    }

    /// `self` in a summarised method, as a value: every property starts as `self`'s.
    private func selfCopy(owner: String) -> Int {
        instances.instances.append(Instance(type: owner, block: currentBlockID, copiesSelf: true))
        return instances.instances.count - 1
    }

    private func copy(_ instance: Int) -> Int {
        var copied = instances.instances[instance]
        for (name, variable) in copied.properties {
            variables.append(variables[variable])
            copied.properties[name] = variables.count - 1
            if let keyed = instances.parameterEntries[variable] { instances.parameterEntries[variables.count - 1] = keyed }
        }
        instances.instances.append(copied)
        return instances.instances.count - 1
    }

    /// `ItemLookup(service: s, account: a)`: the properties the matching initializer sets.
    private func initialized(calleeAt i: Int) -> Int? {
        let type = code.text(i)
        let prefix = type + ".init("
        let arguments = code.elements(of: i + 1).filter { !$0.isEmpty }
        let labels = code.labels(of: arguments)
        for summary in extractor.summaries(at: i) where summary.route.hasPrefix(prefix) {
            guard let binding = summary.signature.bind(labels), !summary.selfEffects.isEmpty || !summary.storedParameters.isEmpty else { continue }
            instances.instances.append(Instance(type: type, block: currentBlockID, copiesSelf: false))
            let instance = instances.instances.count - 1
            applySelfEffects(of: summary, toInstance: instance, arguments: arguments, binding: binding, calleeAt: i)
            applyStoredParameters(of: summary, to: instance, arguments: arguments, binding: binding, calleeAt: i)
            return instance
        }
        return nil
    }

    // MARK: Reading and writing properties

    /// `lookup.query`, `KeychainQuery([…]).adding(k, v).raw`: the property's dictionary, when the
    /// instance is followed and the property known; nil leaves the expression to the other readers.
    func instanceProperty(at p: Int, from a: Int) -> DictionaryExpression? {
        guard p - 1 > a, code.kind(p - 1) == .period, !instances.byName.isEmpty || code.kind(p - 2) == .rightParen,
              code.kind(p - 2) == .rightParen || (p - 2 == a && instanceLocal(at: a) != nil),
              let instance = instanceValue(a..<(p - 1)), let variable = instances.instances[instance].properties[code.text(p)] else { return nil }
        var expression = DictionaryExpression(entries: snapshot(variable), originOffset: code.offset(p), isLiteral: false)
        (expression.hasUnknownBase, expression.certainlyAbsent) = openness(variable)
        expression.parameter = parameterBase(variable)
        return expression
    }

    /// `lookup.query[k] = v`, `lookup.query.removeValue(forKey: k)`, `lookup.query = [...]`, with
    /// `lookup` (at `i`) a followed local. True when `i` is one.
    func instanceWrite(at i: Int, next: TokenKind) -> Bool {
        guard next == .period, code.kind(i + 2) == .identifier, let instance = instanceLocal(at: i) else { return false }
        let p = i + 2
        switch code.kind(p + 1) {
        case .leftBracket, .period:
            guard code.kind(p + 1) == .leftBracket ? code.is(code.after(p + 1), "=") : code.kind(p + 3) == .leftParen else { return true }
            let variable = propertyVariable(code.text(p), of: instance)
            if code.kind(p + 1) == .leftBracket { subscriptAssignment(variable, open: p + 1) } else { method(variable, nameIndex: p + 2) }
        default:
            guard code.is(p + 1, "="), !(code.is(p + 2, "=")) else { return true }
            let end = code.expressionEnd(from: p + 2)
            let variable = propertyVariable(code.text(p), of: instance)
            let assigned = dictionary((p + 2)..<end)
            variables[variable].events.append(assigned?.hasUnknownBase ?? true ? .resetToUnknown(block: currentBlockID) : .reset(block: currentBlockID))
            if let assigned { variables[variable].events += assigned.entries.map(Event.add) }
        }
        return true
    }

    /// The variable of an instance's property, made on first use: `self`'s (unknown) in a copy of
    /// `self`, else the type's own initial value when this file declares one, else unknown.
    func propertyVariable(_ name: String, of instance: Int) -> Int {
        if let known = instances.instances[instance].properties[name] { return known }
        var initial: DictionaryExpression?
        if !instances.instances[instance].copiesSelf, let type = code.nameID(of: instances.instances[instance].type),
           let id = code.nameID(of: name), let binding = extractor.declarations.memberBinding(named: id, owner: type) {
            initial = FlowWalk(extractor: extractor, range: binding.initializer, collectsReturnsOnly: true).dictionary(binding.initializer)
        }
        var variable = Variable(name: -1, shadowed: -1, declOffset: initial?.originOffset ?? 0,
                                events: (initial?.entries ?? []).map(Event.add), block: currentBlockID)
        variable.hasUnknownBase = initial?.hasUnknownBase ?? true
        variables.append(variable)
        instances.instances[instance].properties[name] = variables.count - 1
        return variables.count - 1
    }
}
