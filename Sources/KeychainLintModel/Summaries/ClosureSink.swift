import KeychainLintSyntax

// Shape: a dictionary parameter the function hands to a closure parameter it calls
// (`perform(q) { SecItemDelete($0) }`). Its type, where it is noted, how a call applies it by
// reading the caller's closure, and its exported form.

/// A dictionary parameter the function passes, as argument `argument`, to the closure it was
/// given as parameter `closure`.
package struct ClosureSink: Sendable, Equatable {
    package var parameter: Int
    package var closure: Int
    package var argument: Int
    package var added: [KeychainEntry]

    package init(parameter: Int, closure: Int, argument: Int, added: [KeychainEntry]) {
        self.parameter = parameter
        self.closure = closure
        self.argument = argument
        self.added = added
    }
}

extension ClosureSink {
    /// As other files see it: adopted entries at their home's offsets (`SummaryExport`).
    var portable: ClosureSink {
        var sink = self
        sink.added = FunctionSummary.portable(added)
        return sink
    }
}

/// Closures a function calls with its dictionary: `perform(query) { SecItemDelete($0) }` where
/// `func perform(_ q: [String: Any], _ op: (CFDictionary) -> OSStatus) { op(q as CFDictionary) }`.
/// The summary notes which parameter reaches which argument of which closure parameter; the call
/// site reads its own closure for the Security call that argument goes to.
extension FlowWalk {
    /// In a summarised body, `op(q as CFDictionary)` with `op` a closure parameter: notes which
    /// dictionary parameter reaches which of its arguments. True when `i` named such a parameter.
    func noteClosureCall(at i: Int) -> Bool {
        guard code.kind(i - 1) != .period, let closure = summarisedClosures.first(where: { code.nameID($0.nameIndex) == code.nameID(i) }),
              variableIndex(at: i) == nil else { return false }
        for (k, argument) in code.elements(of: i + 1).enumerated() {
            guard let dictionary = dictionary(code.droppingLabel(argument)), let parameter = dictionary.parameter else { continue }
            summary?.closureSinks.append(ClosureSink(parameter: parameter, closure: closure.index, argument: k, added: dictionary.entries))
        }
        return true
    }

    /// At a call: the closure the caller passes for `sink.closure` (a trailing closure, or a
    /// closure literal argument), and the Security call in it that takes argument `sink.argument`.
    func passToClosure(_ sink: ClosureSink, of summary: FunctionSummary, arguments: [Range<Int>], binding: [Int], calleeAt i: Int) {
        guard let k = binding.firstIndex(of: sink.parameter), let open = closureArgument(sink.closure, arguments: arguments, binding: binding, calleeAt: i),
              let (operation, role, operationIndex) = securityCall(in: open, taking: sink.argument) else { return }
        let parameterSink = ParameterSink(parameter: sink.parameter, operation: operation, role: role, added: sink.added, removed: [],
                                          status: .handledInside, route: [], operationOffset: code.offset(operationIndex))
        passArgument(arguments[k], to: parameterSink, of: summary, calleeAt: i)
    }

    /// The `{` of the closure bound to parameter `closure`: an argument written as a closure
    /// literal, else the trailing closure after the call's `)`.
    private func closureArgument(_ closure: Int, arguments: [Range<Int>], binding: [Int], calleeAt i: Int) -> Int? {
        if let k = binding.firstIndex(of: closure) {
            let r = code.droppingLabel(arguments[k])
            return code.kind(r.lowerBound) == .leftBrace && code.after(r.lowerBound) == r.upperBound ? r.lowerBound : nil
        }
        let trailing = code.after(i + 1)
        return trailing < code.count && code.kind(trailing) == .leftBrace ? trailing : nil
    }

    /// A Security call in the closure at `open` whose dictionary argument is the closure's
    /// argument `position` (`$0`, or the name before `in`).
    private func securityCall(in open: Int, taking position: Int) -> (KeychainOperation, DictionaryRole, Int)? {
        let close = code.after(open) - 1
        let named = closureParameterNames(open)
        func isArgument(_ r: Range<Int>) -> Bool {
            let t = trimmed(r)
            guard let first = t.first, t.count == 1 || code.isKeyword(first + 1, "as") else { return false }
            if position < named.count { return code.nameID(first) == code.nameID(named[position]) }
            return code.text(first) == "$\(position)"
        }
        var j = open + 1
        while j < close {
            if code.kind(j) == .identifier, code.kind(j + 1) == .leftParen, let operation = extractor.operation(at: j) {
                let arguments = code.elements(of: j + 1)
                for (index, role) in operation.dictionaryArguments where index < arguments.count && isArgument(code.droppingLabel(arguments[index])) {
                    return (operation, role, j)
                }
            }
            j += 1
        }
        return nil
    }

    /// `{ q in …}`, `{ (q, r) in …}`: the name indices before `in`; empty for `$0` closures.
    private func closureParameterNames(_ open: Int) -> [Int] {
        var names: [Int] = []
        var j = open + 1
        while j < code.count && j < open + 16 {
            if code.isKeyword(j, "in") { return names }
            if code.kind(j) == .identifier && (code.kind(j + 1) == .comma || code.isKeyword(j + 1, "in") || code.kind(j + 1) == .rightParen) {
                names.append(j)
            }
            j += 1
        }
        return []
    }
}
