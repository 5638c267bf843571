import KeychainLintSyntax

/// Function summaries, both sides: while a body is summarised, its dictionary parameters are
/// variables whose uses become the summary; at a call of a summarised function, the summary is
/// applied to the arguments (`DictionaryExtractor+Summaries` computes and finds summaries).
extension FlowWalk {
    // MARK: Summarising a body

    /// Each dictionary parameter starts as a variable of unknown entries tied to its index.
    func declareSummarisedParameters() {
        declareSelfProperties()
        for parameter in summarisedParameters {
            declareVariable(nameIndex: parameter.nameIndex, entries: [], unknownBase: true, parameter: parameter.index)
        }
    }

    /// The parameter a tracked variable still starts from here: none once it was reassigned or
    /// cleared on the path to this point.
    func parameterBase(_ index: Int) -> Int? {
        let variable = variables[index]
        guard variable.parameter >= 0 else { return nil }
        for event in variable.events {
            switch event {
            case .reset(let block), .resetToUnknown(let block): if blockIsOpen[block] { return nil }
            // What the caller passed is no longer all there is to judge at the operation.
            case .mergeUnknown: return nil
            case .add, .remove: continue
            }
        }
        return Int(variable.parameter)
    }

    func noteSink(_ sink: ParameterSink) {
        if !(summary?.sinks.contains(sink) ?? true) { summary?.sinks.append(sink) }
    }

    func noteReturnedParameter(_ parameter: Int, _ dictionary: DictionaryExpression) {
        guard var current = summary else { return }
        // Two returns of different parameters: the result is not one parameter's.
        if let other = current.returnedParameter, other != parameter {
            current.returnedParameter = -1
        } else if current.returnedParameter == nil {
            current.returnedParameter = parameter
        }
        current.returnAdded += dictionary.entries
        summary = current
    }

    /// At the body's end: what it wrote into each `inout` dictionary parameter.
    func noteParameterEffects() {
        noteSelfEffects()
        for parameter in summarisedParameters where extractor.isInoutParameter(parameter.nameIndex) {
            guard let variable = variableIndex(at: parameter.nameIndex), variables[variable].parameter == Int32(parameter.index) else { continue }
            let entries = snapshot(variable)
            let removed = openness(variable).absent
            if !entries.isEmpty || !removed.isEmpty {
                summary?.effects.append(ParameterEffect(parameter: parameter.index, added: entries, removed: removed))
            }
        }
    }

    /// `raw = d`, `self.raw = d` with `d` a parameter's dictionary: stored in a property.
    func noteStoredParameter(propertyAt i: Int) {
        guard code.is(i + 1, "="), let dictionary = dictionary((i + 2)..<code.expressionEnd(from: i + 2)),
              let parameter = dictionary.parameter else { return }
        summary?.storedParameters.append(StoredParameter(property: code.text(i), parameter: parameter, added: dictionary.entries))
    }

    // MARK: Calling a summarised function

    /// `XCTAssertThrowsError(try valet.migrateObjects(matching: q))`: the call at `i` is inside
    /// the first argument of an `XCTAssertThrowsError`.
    private func isAssertedToThrow(_ i: Int) -> Bool {
        var j = i - 1
        var steps = 0
        while j > 0 && steps < 24 {
            steps += 1
            if code.kind(j) == .leftParen, code.isIdentifier(j - 1, "XCTAssertThrowsError") { return code.after(j) > i }
            if (code.kind(j) == .rightParen || code.kind(j) == .rightBracket) && code.partner[j] >= 0 {
                j = Int(code.partner[j]) - 1  // `valet().migrateObjects`: over the receiver's call
                continue
            }
            if code.startsStatement(j) { return false }
            j -= 1
        }
        return false
    }

    /// Whether the call's arguments (from its `(`) hold a dictionary literal, `&`, a tracked
    /// variable, a call or a cast to `CFDictionary`/`NSDictionary`: the only arguments a summary
    /// can say anything about.
    func argumentsMayCarryDictionaries(_ open: Int) -> Bool {
        let close = code.after(open) - 1
        var j = open + 1
        while j < close {
            switch code.kind(j) {
            case .leftBracket, .leftParen: return true
            case .identifier:
                if variableIndex(at: j) != nil || code.isIdentifier(j, "CFDictionary") || code.isIdentifier(j, "NSDictionary") { return true }
            default: if code.is(j, "&") { return true }
            }
            j += 1
        }
        return false
    }

    /// `fetch(query)`, `ops.delete(q)`, `scope(&q)`: each summary the callee may stand for is
    /// applied to the arguments bound to its parameters.
    func userCall(nameIndex i: Int) {
        // `func add(attributes: [String: Any])` declares, it does not call; a call a test asserts
        // throws is expected to be rejected (an API that validates its query) — not a use.
        guard !code.isKeyword(i - 1, "func"), !isAssertedToThrow(i) else { return }
        apply(extractor.summaries(at: i), arguments: i + 1, calleeAt: i)
    }

    /// Applies each summary a call may stand for to the arguments (in the parentheses or, for a
    /// subscript, the brackets opened at `open`) bound to its parameters; `i` is where the call
    /// is reported (the callee's name, a subscript's receiver).
    func apply(_ summaries: [FunctionSummary], arguments open: Int, calleeAt i: Int) {
        guard !summaries.isEmpty else { return }
        let arguments = code.elements(of: open).filter { !$0.isEmpty }
        let labels = arguments.map { code.label(of: $0) ?? "_" }
        for summary in summaries {
            guard let binding = summary.signature.bind(labels) else { continue }
            for (argument, parameter) in zip(arguments, binding) {
                for sink in summary.sinks where sink.parameter == parameter {
                    passArgument(argument, to: sink, of: summary, calleeAt: i)
                }
                for effect in summary.effects where effect.parameter == parameter {
                    applyEffect(effect, of: summary, to: argument, calleeAt: i)
                }
            }
            applySelfEffects(of: summary, arguments: arguments, binding: binding, calleeAt: i)
            for sink in summary.closureSinks {
                passToClosure(sink, of: summary, arguments: arguments, binding: binding, calleeAt: i)
            }
            applyItemChanges(of: summary, calleeAt: i)
        }
    }

    func passArgument(_ argument: Range<Int>, to sink: ParameterSink, of summary: FunctionSummary, calleeAt i: Int) {
        // An update or delete of a dictionary nobody can read still counts as one (the delete
        // before an add); every missing-entry rule stays silent on it.
        let changesItems = sink.operation == .update || sink.operation == .delete
        let route = [summary.route] + sink.route
        let spot = SinkSpot(function: route[route.count - 1], offset: sink.operationOffset, role: sink.role)
        let read = dictionary(code.droppingLabel(argument))
        // A function forwarding its own parameter is not a caller: its callers are.
        if self.summary == nil && !collectsReturnsOnly && read?.parameter == nil { extractor.routedCallSites[spot, default: 0] += 1 }
        guard let dictionary = read ?? (changesItems ? opaqueArgument(argument) : nil) else { return }
        if let source = dictionary.variable { variables[source].flowsIntoCall = true }
        let added = adopted(sink.added, of: summary, at: i)
        if self.summary != nil, let parameter = dictionary.parameter {
            noteSink(ParameterSink(parameter: parameter, operation: sink.operation, role: sink.role, added: dictionary.entries + added,
                                   removed: dictionary.certainlyAbsent.union(sink.removed), status: status(of: sink, calleeAt: i), route: route,
                                   operationOffset: sink.operationOffset))
            return
        }
        // A dictionary the caller cannot read either, or one that names no keychain key, says nothing more here.
        guard dictionary.entries.contains(where: { $0.key.hasPrefix("kSec") }) || (changesItems && dictionary.hasUnknownBase) else { return }
        var call = KeychainCall(operation: sink.operation, offset: code.offset(i), codeIndex: i, region: code.region[i],
                                status: status(of: sink, calleeAt: i), branch: currentBranch)
        call.route = route
        call.sink = spot
        var passed = dictionary
        passed.entries = dictionary.entries.filter { !sink.removed.contains($0.key) } + added
        if passed.hasUnknownBase { passed.certainlyAbsent.formUnion(sink.removed) }
        record(KeychainUse(dictionary: passed.keychainDictionary(isVariable: !dictionary.isLiteral), call: call, role: sink.role))
    }

    /// A status the callee returns is used as the call site uses it; one it checks itself is its own.
    private func status(of sink: ParameterSink, calleeAt i: Int) -> StatusUse {
        sink.status == .returned ? statusUse(ofCallAt: i) : .handledInside
    }

    /// `scope(&q)`: what the callee writes into `q` is written into the caller's variable.
    private func applyEffect(_ effect: ParameterEffect, of summary: FunctionSummary, to argument: Range<Int>, calleeAt i: Int) {
        let r = code.droppingLabel(argument)
        guard r.count == 2, code.is(r.lowerBound, "&"), let variable = variableIndex(at: r.lowerBound + 1) else { return }
        for key in effect.removed { variables[variable].events.append(.remove(key: key, block: currentBlockID)) }
        variables[variable].events.append(contentsOf: adopted(effect.added, of: summary, at: i).map(Event.add))
    }

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
        let labels = arguments.map { code.label(of: $0) ?? "_" }
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

    /// A callee's entries as seen at its call: the callee's file's (`DictionaryExtractor.adopt`),
    /// on the paths through the call's own branches, so what a helper writes on one arm never
    /// meets what another writes on the other.
    func adopted(_ entries: [KeychainEntry], of summary: FunctionSummary, at i: Int) -> [KeychainEntry] {
        let arms = currentBranch.arms
        let moved = extractor.adopt(entries, of: summary, at: i)
        guard !arms.isEmpty else { return moved }
        return moved.map { var entry = $0; entry.branch = BranchPath(arms: arms + entry.branch.arms); return entry }
    }

    /// `wrap([kSecClass: …])` where `wrap` hands its parameter back (converted): the argument's
    /// dictionary, with what `wrap` adds. Nil when the callee is no such function.
    func passedThrough(calleeAt i: Int) -> DictionaryExpression? {
        guard extractor.mayHaveSummaries(at: i) else { return nil }
        return passedThrough(extractor.summaries(at: i), arguments: i + 1, calleeAt: i)
    }

    /// The argument (in the parentheses or brackets opened at `open`) a summary hands back, with
    /// what the callee adds; nil when none of the summaries returns a parameter.
    func passedThrough(_ summaries: [FunctionSummary], arguments open: Int, calleeAt i: Int) -> DictionaryExpression? {
        let arguments = code.elements(of: open).filter { !$0.isEmpty }
        let labels = arguments.map { code.label(of: $0) ?? "_" }
        for summary in summaries {
            guard let parameter = summary.returnedParameter, parameter >= 0, let binding = summary.signature.bind(labels),
                  let k = binding.firstIndex(of: parameter), var passed = dictionary(code.droppingLabel(arguments[k])) else { continue }
            passed.entries += adopted(summary.returnAdded, of: summary, at: i)
            passed.isLiteral = false
            return passed
        }
        return nil
    }
}
