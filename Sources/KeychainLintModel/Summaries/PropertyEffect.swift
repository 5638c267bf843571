import KeychainLintSyntax

// Shape: what a method writes into `self`'s dictionary properties (`selfEffects`) or into the copy
// of `self` it returns (`returnedCopy`). Its type; how a summarised method notes it; how a call
// applies it to `self`, to a followed instance, to the instance an initializer makes
// (`FlowWalk+Instances` makes it) or to the copy a method returns (`returnedCopy(of:calleeAt:)`).
// It is exported as it is.

/// What a method does to one dictionary property of an instance of its type: of `self` (a
/// `mutating func`, a class's method, an initializer) or of the copy of `self` it returns
/// (`func adding(_ k: CFString, _ v: Any) -> Query { var c = self; c.raw[k] = v; return c }`).
///
/// A caller that holds an instance in a local (`var lookup = ItemLookup(…)`) applies it at
/// `lookup.returningData()` or `lookup.adding(k, v)`, so `lookup.query` read later carries what
/// the method wrote (`FlowWalk+Instances`).
package struct PropertyEffect: Sendable, Equatable {
    /// What the property holds before `added` and `removed` apply.
    package enum Start: Sendable, Equatable {
        /// The instance's own value: the entries are added to it.
        case unchanged
        /// A new dictionary the method assigns (`query = [...]` in an initializer): `added` is all of it.
        case replaced
        /// A dictionary the method assigns that cannot be read: what the property held before is gone.
        case replacedWithUnknown
    }

    /// The property's name.
    package var property: String
    package var start: Start
    /// Entries written on some path, in the declaring file (callers adopt them).
    package var added: [KeychainEntry]
    /// Keys removed on the path to the end.
    package var removed: Set<String>
    /// `raw[key] = value` with `key` a parameter: the entry the call's arguments make.
    package var parameterEntries: [ParameterEntry]

    package init(property: String, start: Start, added: [KeychainEntry], removed: Set<String>, parameterEntries: [ParameterEntry] = []) {
        self.property = property
        self.start = start
        self.added = added
        self.removed = removed
        self.parameterEntries = parameterEntries
    }

    /// Changes nothing a caller could see.
    package var isEmpty: Bool {
        start == .unchanged && added.isEmpty && removed.isEmpty && parameterEntries.isEmpty
    }
}

/// An entry whose key is one of the function's parameters (`copy.raw[key] = value`): its key
/// and value are read from the call's arguments.
package struct ParameterEntry: Sendable, Equatable {
    package var keyParameter: Int
    /// The parameter the value is, or nil when the value is written in the body (`value`).
    package var valueParameter: Int?
    package var value: KeychainValue

    package init(keyParameter: Int, valueParameter: Int?, value: KeychainValue) {
        self.keyParameter = keyParameter
        self.valueParameter = valueParameter
        self.value = value
    }
}

/// Summaries of methods that change `self`'s dictionary properties or return a changed copy of
/// `self`, both sides: while a method is summarised, each property it writes is a variable that
/// starts as `self`'s (unknown); at a call, the method's `PropertyEffect`s are applied to the
/// instance it is called on (`FlowWalk+Instances`).
extension FlowWalk {
    // MARK: Summarising a method

    /// At the root of a summarised method: each property the body writes becomes a variable,
    /// declared before the parameters so that a parameter of the same name hides it.
    func declareSelfProperties() {
        guard let writes = instances.selfWrites else { return }
        for nameIndex in writes.properties {
            declareVariable(nameIndex: nameIndex, entries: [], unknownBase: true)
            instances.selfProperties[code.text(nameIndex)] = variables.count - 1
        }
    }

    /// At the end of a summarised method: what it wrote into each property of `self`.
    func noteSelfEffects() {
        guard instances.selfWrites != nil else { return }
        summary?.selfEffects = effects(of: instances.selfProperties)
        if instances.returnsOther { summary?.returnedCopy = nil }
    }

    /// The changes each property variable holds, relative to where it started: only those that
    /// concern a keychain dictionary (a `kSec…` entry, a removal, an entry keyed by a parameter),
    /// so that the project's summaries, and the files read again for them, stay few. A property
    /// only emptied or replaced by what cannot be read is left as the caller knew it.
    private func effects(of properties: [String: Int]) -> [PropertyEffect] {
        properties.sorted { $0.key < $1.key }.map { propertyEffect($0.key, variable: $0.value) }.filter { effect in
            effect.added.contains { $0.key.hasPrefix("kSec") } || !effect.removed.isEmpty || !effect.parameterEntries.isEmpty
        }
    }

    func propertyEffect(_ name: String, variable: Int) -> PropertyEffect {
        var start = PropertyEffect.Start.unchanged
        for event in variables[variable].events {
            switch event {
            case .reset(let block): if blockIsOpen[block] { start = .replaced }
            case .resetToUnknown(let block): if blockIsOpen[block] { start = .replacedWithUnknown }
            case .add, .remove, .mergeUnknown: continue
            }
        }
        let (unknown, absent) = openness(variable)
        return PropertyEffect(property: name, start: start, added: snapshot(variable), removed: unknown ? absent : [],
                              parameterEntries: instances.parameterEntries[variable] ?? [])
    }

    /// `return copy`, `return self`, `return nil` in a summarised method: a returned copy of
    /// `self` is noted with its changes; a return of anything else means the result is not one.
    func noteReturnedInstance(_ expression: Range<Int>) {
        guard instances.selfWrites != nil, let function = enclosingFunction, function.id == 0 || function.open == range.lowerBound else { return }
        let r = trimmed(expression)
        if r.count == 1 && code.isKeyword(r.lowerBound, "nil") { return }
        let returned: [PropertyEffect]
        if r.count == 1 && code.isKeyword(r.lowerBound, "self") {
            returned = effects(of: instances.selfProperties)
        } else if let instance = instanceValue(r), instances.instances[instance].copiesSelf {
            returned = effects(of: instances.instances[instance].properties)
        } else {
            instances.returnsOther = true
            return
        }
        // A copy that changes nothing a keychain rule reads says nothing: the call stays unknown.
        guard !returned.isEmpty else {
            instances.returnsOther = true
            return
        }
        guard let earlier = summary?.returnedCopy else {
            summary?.returnedCopy = returned
            return
        }
        guard let merged = Self.merge(earlier, returned) else {
            instances.returnsOther = true
            return
        }
        summary?.returnedCopy = merged
    }

    /// Two returns' changes: entries either adds (some path), keys both remove; nil when they
    /// start a property differently.
    private static func merge(_ a: [PropertyEffect], _ b: [PropertyEffect]) -> [PropertyEffect]? {
        var merged: [PropertyEffect] = []
        for name in Set(a.map(\.property) + b.map(\.property)).sorted() {
            let x = a.first { $0.property == name } ?? PropertyEffect(property: name, start: .unchanged, added: [], removed: [])
            let y = b.first { $0.property == name } ?? PropertyEffect(property: name, start: .unchanged, added: [], removed: [])
            guard x.start == y.start else { return nil }
            merged.append(PropertyEffect(property: name, start: x.start, added: x.added + y.added.filter { !x.added.contains($0) },
                                         removed: x.removed.intersection(y.removed),
                                         parameterEntries: x.parameterEntries + y.parameterEntries.filter { !x.parameterEntries.contains($0) }))
        }
        return merged
    }

    /// `copy.raw[key] = value` in a summarised method, with `key` one of its parameters: an entry
    /// the caller's arguments make (`ParameterEntry`).
    func noteParameterKeyedWrite(_ variable: Int, open: Int) {
        let inside = code.interior(of: open), close = inside.upperBound
        let key = trimmed(inside)
        guard let writes = instances.selfWrites, key.count == 1, code.kind(key.lowerBound) == .identifier,
              let keyParameter = writes.parameterIndices[code.nameID(key.lowerBound)], code.is(close + 1, "=") else { return }
        let valueStart = close + 2
        let end = code.expressionEnd(from: valueStart)
        guard !(end == valueStart + 1 && code.isKeyword(valueStart, "nil")) else { return }
        let valueParameter = end == valueStart + 1 && code.kind(valueStart) == .identifier ? writes.parameterIndices[code.nameID(valueStart)] : nil
        instances.parameterEntries[variable, default: []].append(
            ParameterEntry(keyParameter: keyParameter, valueParameter: valueParameter, value: value(valueStart..<end)))
    }

    // MARK: Calling such a method

    /// `lookup.returningData()` on a followed local, or `scope()`/`self.scope()` inside a
    /// summarised method of the same type: the method's writes to `self` land in that instance.
    func applySelfEffects(of summary: FunctionSummary, arguments: [Range<Int>], binding: [Int], calleeAt i: Int) {
        guard !summary.selfEffects.isEmpty else { return }
        if code.kind(i - 1) == .period, let instance = instanceLocal(at: i - 2) {
            guard summary.route.hasPrefix(instances.instances[instance].type + ".") else { return }
            applySelfEffects(of: summary, toInstance: instance, arguments: arguments, binding: binding, calleeAt: i)
            return
        }
        guard let writes = instances.selfWrites, code.kind(i - 1) != .period || code.isKeyword(i - 2, "self"),
              summary.route.hasPrefix(writes.owner + "."), !summary.route.hasPrefix(writes.owner + ".init(") else { return }
        for effect in summary.selfEffects {
            apply(effect, to: selfPropertyVariable(effect.property), of: summary, arguments: arguments, binding: binding, calleeAt: i)
        }
    }

    /// The method's (or initializer's) writes to `self`, landed in a followed instance's properties.
    func applySelfEffects(of summary: FunctionSummary, toInstance instance: Int, arguments: [Range<Int>], binding: [Int], calleeAt i: Int) {
        for effect in summary.selfEffects {
            apply(effect, to: propertyVariable(effect.property, of: instance), of: summary, arguments: arguments, binding: binding, calleeAt: i)
        }
    }

    /// `receiver.adding(k, v)` where `adding` returns a changed copy of its instance.
    func returnedCopy(of receiver: Int, calleeAt i: Int) -> Int? {
        let arguments = code.elements(of: i + 1).filter { !$0.isEmpty }
        let labels = code.labels(of: arguments)
        let prefix = instances.instances[receiver].type + "."
        for summary in extractor.summaries(at: i) where summary.route.hasPrefix(prefix) {
            guard let effects = summary.returnedCopy, let binding = summary.signature.bind(labels) else { continue }
            for effect in effects {
                apply(effect, to: propertyVariable(effect.property, of: receiver), of: summary, arguments: arguments, binding: binding, calleeAt: i)
            }
            return receiver
        }
        return nil
    }

    /// A property of `self` the summarised method did not write itself: a variable kept out of name lookup.
    private func selfPropertyVariable(_ name: String) -> Int {
        if let known = instances.selfProperties[name] { return known }
        var variable = Variable(name: -1, shadowed: -1, declOffset: 0, events: [], block: currentBlockID)
        variable.hasUnknownBase = true
        variables.append(variable)
        instances.selfProperties[name] = variables.count - 1
        return variables.count - 1
    }

    /// One effect of the callee, written into the variable of the instance's property.
    func apply(_ effect: PropertyEffect, to variable: Int, of summary: FunctionSummary, arguments: [Range<Int>], binding: [Int], calleeAt i: Int) {
        switch effect.start {
        case .unchanged: break
        case .replaced: variables[variable].events.append(.reset(block: currentBlockID))
        case .replacedWithUnknown: variables[variable].events.append(.resetToUnknown(block: currentBlockID))
        }
        for key in effect.removed.sorted() { variables[variable].events.append(.remove(key: key, block: currentBlockID)) }
        variables[variable].events += adopted(effect.added, of: summary, at: i).map(Event.add)
        for entry in effect.parameterEntries {
            guard let k = binding.firstIndex(of: entry.keyParameter) else { continue }
            let keyRange = code.droppingLabel(arguments[k])
            if let key = keyName(keyRange) {
                let valueRange = entry.valueParameter.flatMap { binding.firstIndex(of: $0) }.map { code.droppingLabel(arguments[$0]) }
                variables[variable].events.append(.add(KeychainEntry(
                    key: key, value: valueRange.map { value($0) } ?? entry.value, keyOffset: code.offset(keyRange.lowerBound),
                    valueOffset: code.offset((valueRange ?? keyRange).lowerBound), region: code.region[i], branch: currentBranch)))
            } else if let writes = instances.selfWrites, keyRange.count == 1, let outer = writes.parameterIndices[code.nameID(keyRange.lowerBound)] {
                // Forwarded from the summarised method's own parameter: the outer caller's argument decides.
                let valueRange = entry.valueParameter.flatMap { binding.firstIndex(of: $0) }.map { code.droppingLabel(arguments[$0]) }
                let outerValue = valueRange.flatMap { $0.count == 1 ? writes.parameterIndices[code.nameID($0.lowerBound)] : nil }
                instances.parameterEntries[variable, default: []].append(
                    ParameterEntry(keyParameter: outer, valueParameter: outerValue, value: valueRange.map { value($0) } ?? entry.value))
            }
        }
    }
}
