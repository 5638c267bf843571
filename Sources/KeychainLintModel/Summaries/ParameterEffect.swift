// Shape: what a function writes into an `inout` dictionary parameter (`scope(&q)`). Its type,
// where the body's end notes it, how a call applies it to the caller's variable, and its exported form.

/// Entries a function adds to an `inout` dictionary parameter (on some path) and keys it removes.
package struct ParameterEffect: Sendable, Equatable {
    package var parameter: Int
    package var added: [KeychainEntry]
    package var removed: Set<String>

    package init(parameter: Int, added: [KeychainEntry], removed: Set<String>) {
        self.parameter = parameter
        self.added = added
        self.removed = removed
    }
}

extension ParameterEffect {
    /// As other files see it: adopted entries at their home's offsets (`SummaryExport`).
    var portable: ParameterEffect {
        var effect = self
        effect.added = FunctionSummary.portable(added)
        return effect
    }
}

extension FlowWalk {
    // MARK: Noted at the end of a summarised body

    /// At the body's end: what it wrote into each `inout` dictionary parameter.
    func noteInoutEffects() {
        for parameter in summarisedParameters where extractor.isInoutParameter(parameter.nameIndex) {
            guard let variable = variableIndex(at: parameter.nameIndex), variables[variable].parameter == Int32(parameter.index) else { continue }
            let entries = snapshot(variable)
            let removed = openness(variable).absent
            if !entries.isEmpty || !removed.isEmpty {
                summary?.effects.append(ParameterEffect(parameter: parameter.index, added: entries, removed: removed))
            }
        }
    }

    // MARK: Applied at a call

    /// `scope(&q)`: what the callee writes into `q` is written into the caller's variable.
    func applyEffect(_ effect: ParameterEffect, of summary: FunctionSummary, to argument: Range<Int>, calleeAt i: Int) {
        let r = code.droppingLabel(argument)
        guard r.count == 2, code.is(r.lowerBound, "&"), let variable = variableIndex(at: r.lowerBound + 1) else { return }
        for key in effect.removed { variables[variable].events.append(.remove(key: key, block: currentBlockID)) }
        variables[variable].events.append(contentsOf: adopted(effect.added, of: summary, at: i).map(Event.add))
    }
}
