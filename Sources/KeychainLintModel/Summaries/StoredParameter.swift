import KeychainLintSyntax

// Shape: a property an initializer (or method) stores a parameter's dictionary in
// (`KeychainQuery([…]).raw`). Its type, where it is noted (an assignment in `FlowWalk+Statements`),
// how a call reads it back (`.raw` on the call itself, or in the instance an initializer makes in
// `FlowWalk+Instances`), and its exported form.

/// A property of `self` a parameter's dictionary is stored in, with what was added on the way.
package struct StoredParameter: Sendable, Equatable {
    package var property: String
    package var parameter: Int
    package var added: [KeychainEntry]

    package init(property: String, parameter: Int, added: [KeychainEntry]) {
        self.property = property
        self.parameter = parameter
        self.added = added
    }
}

extension StoredParameter {
    /// As other files see it: adopted entries at their home's offsets (`SummaryExport`).
    var portable: StoredParameter {
        var stored = self
        stored.added = FunctionSummary.portable(added)
        return stored
    }
}

extension FlowWalk {
    // MARK: Noted at an assignment while a body is summarised

    /// `raw = d`, `self.raw = d` with `d` a parameter's dictionary: stored in a property.
    func noteStoredParameter(propertyAt i: Int) {
        guard code.is(i + 1, "="), let dictionary = dictionary((i + 2)..<code.expressionEnd(from: i + 2)),
              let parameter = dictionary.parameter else { return }
        summary?.storedParameters.append(StoredParameter(property: code.text(i), parameter: parameter, added: dictionary.entries))
    }

    // MARK: Applied where a call's property is read (an instance's initializer: `FlowWalk+Instances`)

    /// `KeychainQuery([…]).raw` starting at `a`, with `raw` at `p`: a property an initializer
    /// stored its argument in.
    func storedProperty(at p: Int, from a: Int) -> DictionaryExpression? {
        guard p >= a + 4, code.kind(p - 1) == .period, code.kind(p - 2) == .rightParen, code.partner[p - 2] > 0 else { return nil }
        let callee = Int(code.partner[p - 2]) - 1
        guard callee == a, code.kind(callee) == .identifier else { return nil }
        return storedArgument(property: p, calleeAt: callee)
    }

    /// `KeychainQuery([kSecClass: …]).raw`: the argument the initializer stores in `raw`.
    func storedArgument(property p: Int, calleeAt i: Int) -> DictionaryExpression? {
        guard extractor.mayHaveSummaries(at: i) else { return nil }
        let arguments = code.elements(of: i + 1).filter { !$0.isEmpty }
        let labels = code.labels(of: arguments)
        let property = code.text(p)
        for summary in extractor.summaries(at: i) {
            guard let stored = summary.storedParameters.first(where: { $0.property == property }),
                  let binding = summary.signature.bind(labels), let k = binding.firstIndex(of: stored.parameter),
                  var passed = dictionary(code.droppingLabel(arguments[k])) else { continue }
            passed.entries += adopted(stored.added, of: summary, at: i)
            passed.variable = nil
            return passed
        }
        return nil
    }

    /// `var q = KeychainQuery([…])`: each property the initializer stores an argument in starts,
    /// in the new instance, as that argument's dictionary with what the initializer added.
    func applyStoredParameters(of summary: FunctionSummary, to instance: Int, arguments: [Range<Int>], binding: [Int], calleeAt i: Int) {
        for stored in summary.storedParameters {
            guard let k = binding.firstIndex(of: stored.parameter), let passed = dictionary(code.droppingLabel(arguments[k])) else { continue }
            let effect = PropertyEffect(property: stored.property, start: passed.hasUnknownBase ? .replacedWithUnknown : .replaced,
                                        added: [], removed: passed.certainlyAbsent)
            apply(effect, to: propertyVariable(effect.property, of: instance), of: summary, arguments: arguments, binding: binding, calleeAt: i)
            let variable = propertyVariable(stored.property, of: instance)
            variables[variable].events += (passed.entries + adopted(stored.added, of: summary, at: i)).map(Event.add)
        }
    }
}
