import KeychainLintSyntax

// Applying summaries at a call: which calls are asked about, and the ordered runner (`apply`) that
// hands each shape of each summary the callee may stand for to that shape's file.

extension FlowWalk {
    /// Whether the caller expects the call at `i` to throw: it is inside the parentheses of an
    /// `XCTAssertThrowsError(try valet.migrateObjects(matching: q))`, or inside the closure of
    /// Swift Testing's `#expect(throws: E.self) { try store.save(q) }` (or `#require(throws:)`).
    ///
    /// Such a call is judged like any other, except that the operations its callee reaches only
    /// after a validation guard (`ParameterSink.afterThrow`) are not reached: the test expects a
    /// guard to reject what it passes. A write the callee makes before any `throw` is still made.
    /// (Which guard fails is not evaluated: a call that passes every guard and throws later, as
    /// one that finds no item does, is taken as rejected too.)
    func isExpectedToThrow(_ i: Int) -> Bool {
        var j = i - 1
        var steps = 0
        while j > 0 && steps < 64 {
            steps += 1
            switch code.kind(j) {
            case .leftParen:
                if code.isIdentifier(j - 1, "XCTAssertThrowsError") { return code.after(j) > i }
            case .leftBrace:
                // The closure the call is in: `#expect(throws: …) { … }`.
                return code.after(j) > i && isThrowExpectation(closureAt: j)
            case .rightParen, .rightBracket, .rightBrace:
                // `valet().migrateObjects`, an earlier statement of the closure: over the group.
                if code.partner[j] >= 0 { j = Int(code.partner[j]) }
            default:
                break
            }
            j -= 1
        }
        return false
    }

    /// `#expect(throws: E.self) { … }`, `#require(throws: (any Error).self) { … }`: the trailing
    /// closure of a Swift Testing expectation that the code in it throws.
    private func isThrowExpectation(closureAt brace: Int) -> Bool {
        guard code.kind(brace - 1) == .rightParen, code.partner[brace - 1] >= 0 else { return false }
        let open = Int(code.partner[brace - 1])
        guard code.is(open - 1, "#expect") || code.is(open - 1, "#require") else { return false }
        return code.isKeyword(open + 1, "throws") && code.kind(open + 2) == .colon
    }

    /// Whether the call's arguments (from its `(`) hold a dictionary literal, `&`, a tracked
    /// variable, a call, a cast to `CFDictionary`/`NSDictionary`, or a helper's name (`Token.query`,
    /// a computed property of this file or another that returns a dictionary): the only arguments a
    /// summary can say anything about.
    func argumentsMayCarryDictionaries(_ open: Int) -> Bool {
        let close = code.after(open) - 1
        var j = open + 1
        while j < close {
            switch code.kind(j) {
            case .leftBracket, .leftParen: return true
            case .identifier:
                if variableIndex(at: j) != nil || code.isIdentifier(j, "CFDictionary") || code.isIdentifier(j, "NSDictionary") { return true }
                if namesHelper(j) { return true }
            default: if code.is(j, "&") { return true }
            }
            j += 1
        }
        return false
    }

    /// The name at `j` is a dictionary helper of this file (a function or computed property
    /// declared returning one) or of the project.
    private func namesHelper(_ j: Int) -> Bool {
        let id = code.nameID(j)
        guard id >= 0 else { return false }
        if extractor.declarations.bodies.contains(in: id, where: { $0.declaresDictionary }) { return true }
        return !extractor.symbols.helperNames.isEmpty && extractor.projectHelperNames[Int(id)]
    }

    /// `fetch(query)`, `ops.delete(q)`, `scope(&q)`: each summary the callee may stand for is
    /// applied to the arguments bound to its parameters.
    func userCall(nameIndex i: Int) {
        // `func add(attributes: [String: Any])` declares, it does not call. A call a test asserts
        // throws is a use too; only what its callee does after a validation guard is not
        // (`isExpectedToThrow`, `passArgument`).
        guard !code.isKeyword(i - 1, "func") else { return }
        apply(extractor.summaries(at: i), arguments: i + 1, calleeAt: i)
    }

    /// Applies each summary a call may stand for to the arguments (in the parentheses or, for a
    /// subscript, the brackets opened at `open`) bound to its parameters; `i` is where the call
    /// is reported (the callee's name, a subscript's receiver).
    ///
    /// The order is part of the behaviour, so a new shape gets its place here on purpose: per bound
    /// argument, its sinks read it before an `inout` effect of the same call writes into it; then
    /// what the method does to `self`, the closures the caller passes, and the callee's own item
    /// changes. Uses are recorded in this order, and rules that look for one use before another
    /// (a delete before an add) read it. Shapes read where a call's value is used, not at the
    /// call statement, are not run here: a returned parameter (`passedThrough`), a stored
    /// parameter (`storedProperty`, `applyStoredParameters`) and a returned copy of `self`
    /// (`returnedCopy(of:calleeAt:)`), which `FlowWalk+Values` and `FlowWalk+Instances` ask for.
    func apply(_ summaries: [FunctionSummary], arguments open: Int, calleeAt i: Int) {
        guard !summaries.isEmpty else { return }
        let arguments = code.elements(of: open).filter { !$0.isEmpty }
        let labels = code.labels(of: arguments)
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
            // A parameter the call leaves out that defaults to `[:]` passes an empty dictionary.
            for sink in summary.sinks where !binding.contains(sink.parameter) && sink.parameter < summary.signature.parameters.count
                && summary.signature.parameters[sink.parameter].defaultsToEmptyDictionary {
                passArgument(nil, to: sink, of: summary, calleeAt: i)
            }
            applySelfEffects(of: summary, arguments: arguments, binding: binding, calleeAt: i)
            for sink in summary.closureSinks {
                passToClosure(sink, of: summary, arguments: arguments, binding: binding, calleeAt: i)
            }
            applyItemChanges(of: summary, calleeAt: i)
        }
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
}
