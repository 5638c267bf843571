// Shape: a parameter that reaches a keychain operation (`func fetch(_ q: [String: Any])` calling
// SecItemCopyMatching(q)). Its type; where it is noted while a body is summarised (`noteSink`, at
// a Security call in `FlowWalk+Statements`, or at a call of another summarised function that
// passes the parameter on, `passArgument`); how a call applies it; and its exported form. Where
// the project reports a missing entry every caller shares is the engine's (`ProjectAnalysis+Sinks`,
// from the `SinkSpot`s and call counts the walk records).

/// A parameter that reaches a keychain operation inside the function (or deeper, through the
/// functions it calls: `route` then lists them, outermost first).
package struct ParameterSink: Sendable, Equatable {
    package var parameter: Int
    package var operation: KeychainOperation
    package var role: DictionaryRole
    /// Entries the function (and the functions it passes the dictionary on to) add first.
    package var added: [KeychainEntry]
    /// Keys it removes first.
    package var removed: Set<String>
    /// How the operation's status is used inside; `.returned` leaves it to the caller.
    package var status: StatusUse
    /// The functions between the caller and the operation, outermost first.
    package var route: [String]
    /// Offset of the operation's name in the file that declares the innermost function.
    package var operationOffset: Int
    /// A function of the route throws before it reaches the operation: a `throw` is written above
    /// the operation's call (or above the call of the next function of the route) in its body —
    /// a validation guard (`guard !query.isEmpty else { throw … }`, `if … { throw … }`). A call the
    /// caller expects to throw does not reach such an operation (`FlowWalk.isExpectedToThrow`).
    package var afterThrow: Bool
    /// The parameter is merged into a dictionary the function builds (`attributes.merge(extra)`),
    /// not the dictionary it starts from: `added` is what the function has, and a caller's
    /// argument that names no keychain key (`[:]`, or none, defaulting to it) is still judged.
    package var isMerged = false
    /// The caller gets the operation's status: `status` is `.returned`, or the status is bound
    /// and that name is returned (`let s = SecItemCopyMatching(…)`, a retry on one status, then
    /// `return s`). Where such a function's missing entries are reported (`SinkSpot.returnsStatus`).
    package var handsStatusBack = false
    /// The function whose body holds `operationOffset` when it is not the innermost of `route`:
    /// the call of a function that hands the status back (`securityItemManager.delete(withQuery:)`,
    /// `return SecItemDelete(…)` inside) is the operation of the function that makes it.
    package var holder: String?

    package init(parameter: Int, operation: KeychainOperation, role: DictionaryRole, added: [KeychainEntry],
                 removed: Set<String>, status: StatusUse, route: [String], operationOffset: Int, afterThrow: Bool = false,
                 isMerged: Bool = false) {
        self.isMerged = isMerged
        self.operationOffset = operationOffset
        self.afterThrow = afterThrow
        self.parameter = parameter
        self.operation = operation
        self.role = role
        self.added = added
        self.removed = removed
        self.status = status
        self.route = route
    }
}

/// The operation inside a function that callers' dictionaries reach: when every caller's
/// dictionary misses the same entry, the finding is reported once there (`ProjectAnalysis`).
package struct SinkSpot: Hashable, Sendable {
    /// The route name (`Owner.name(label:)`) of the function whose body makes the call.
    package var function: String
    /// Offset of the operation's name in the file that declares `function`.
    package var offset: Int
    package var role: DictionaryRole
    /// The function hands the operation's status back to its caller (`return SecItemAdd(q, nil)`):
    /// a pass-through, whose caller is where the operation's outcome is decided.
    package var returnsStatus = false

    package init(function: String, offset: Int, role: DictionaryRole, returnsStatus: Bool = false) {
        self.function = function
        self.offset = offset
        self.role = role
        self.returnsStatus = returnsStatus
    }
}

extension ParameterSink {
    /// As other files see it: adopted entries at their home's offsets (`SummaryExport`).
    var portable: ParameterSink {
        var sink = self
        sink.added = FunctionSummary.portable(added)
        return sink
    }
}

extension FlowWalk {
    // MARK: Noted while a body is summarised

    /// `SecItemCopyMatching(q as CFDictionary, …)` in a summarised body with `q` a parameter's
    /// dictionary: the parameter's own sink, with what the body added or removed first.
    func noteSink(of dictionary: DictionaryExpression, operation: KeychainOperation, role: DictionaryRole, status: StatusUse,
                  operationAt nameIndex: Int) {
        guard let parameter = dictionary.parameter ?? dictionary.mergedParameter else { return }
        var sink = ParameterSink(parameter: parameter, operation: operation, role: role, added: dictionary.entries,
                                 removed: dictionary.certainlyAbsent, status: status, route: [], operationOffset: code.offset(nameIndex),
                                 afterThrow: firstThrow < nameIndex, isMerged: dictionary.parameter == nil)
        sink.handsStatusBack = handsBack(status)
        noteSink(sink)
    }

    func noteSink(_ sink: ParameterSink) {
        if !(summary?.sinks.contains(sink) ?? true) { summary?.sinks.append(sink) }
    }

    // MARK: Applied at a call

    /// `argument` nil: the call leaves the parameter out and it defaults to `[:]`.
    func passArgument(_ argument: Range<Int>?, to sink: ParameterSink, of summary: FunctionSummary, calleeAt i: Int) {
        // A test that asserts the call throws expects one of the callee's validation guards to
        // reject it: the operations behind one are not reached (those before any are).
        if sink.afterThrow && isExpectedToThrow(i) { return }
        // An update or delete of a dictionary nobody can read still counts as one (the delete
        // before an add); every missing-entry rule stays silent on it.
        let changesItems = sink.operation == .update || sink.operation == .delete
        let route = [summary.route] + sink.route
        let spot = SinkSpot(function: sink.holder ?? route[route.count - 1], offset: sink.operationOffset, role: sink.role,
                            returnsStatus: sink.status == .returned || sink.handsStatusBack)
        let read: DictionaryExpression?
        if let argument {
            read = dictionary(code.droppingLabel(argument))
        } else {
            read = DictionaryExpression(entries: [], originOffset: code.offset(i), isLiteral: false)
        }
        // A function forwarding its own parameter is not a caller: its callers are. Nor is a call
        // whose whole dictionary names no keychain key (`insert(["a": "b"])` in a test expecting
        // errSecParam): it is no item the operation's missing entry could be fixed for elsewhere.
        if self.summary == nil && !collectsReturnsOnly && read?.parameter == nil
            && !(read.map { !$0.hasUnknownBase && !Self.isJudged($0, by: sink, changesItems: changesItems) } ?? false) {
            extractor.log.noteRoutedCall(to: spot)
        }
        guard let dictionary = read ?? (changesItems ? argument.flatMap(opaqueArgument) : nil) else { return }
        if let source = dictionary.variable { variables[source].flowsIntoCall = true }
        let added = adopted(sink.added, of: summary, at: i)
        if self.summary != nil, let parameter = dictionary.parameter {
            var forwarded = ParameterSink(parameter: parameter, operation: sink.operation, role: sink.role, added: dictionary.entries + added,
                                          removed: dictionary.certainlyAbsent.union(sink.removed), status: status(of: sink, calleeAt: i), route: route,
                                          operationOffset: sink.operationOffset, afterThrow: sink.afterThrow || firstThrow < i, isMerged: sink.isMerged)
            let innerHandsBack = sink.status == .returned || sink.handsStatusBack
            forwarded.handsStatusBack = innerHandsBack && handsBack(statusUse(ofCallAt: i))
            if innerHandsBack, let here = self.summary?.route {
                forwarded.operationOffset = code.offset(i)
                forwarded.holder = here
            } else {
                forwarded.holder = sink.holder
            }
            noteSink(forwarded)
            return
        }
        guard Self.isJudged(dictionary, by: sink, changesItems: changesItems) else { return }
        var call = KeychainCall(operation: sink.operation, offset: code.offset(i), codeIndex: i, region: code.region[i],
                                status: status(of: sink, calleeAt: i), branch: currentBranch)
        call.route = route
        call.sink = spot
        var passed = dictionary
        passed.entries = dictionary.entries.filter { !sink.removed.contains($0.key) } + added
        if passed.hasUnknownBase { passed.certainlyAbsent.formUnion(sink.removed) }
        record(KeychainUse(dictionary: passed.keychainDictionary(isVariable: !dictionary.isLiteral), call: call, role: sink.role))
    }

    /// Whether the rules judge `dictionary` at the operation: a dictionary the caller cannot read
    /// either, or one that names no keychain key, says nothing (unless it is merged into the
    /// keychain dictionary the callee builds).
    private static func isJudged(_ dictionary: DictionaryExpression, by sink: ParameterSink, changesItems: Bool) -> Bool {
        dictionary.entries.contains(where: { $0.key.hasPrefix("kSec") }) || (changesItems && dictionary.hasUnknownBase)
            || (sink.isMerged && !dictionary.hasUnknownBase && sink.added.contains(where: { $0.key.hasPrefix("kSec") }))
    }

    /// A status the callee returns is used as the call site uses it; one it checks itself is its own.
    private func status(of sink: ParameterSink, calleeAt i: Int) -> StatusUse {
        sink.status == .returned ? statusUse(ofCallAt: i) : .handledInside
    }

    /// Whether the caller of the function being summarised gets a status used as `status`:
    /// returned in place, or bound to a name the body returns (`return status` as a statement).
    func handsBack(_ status: StatusUse) -> Bool {
        switch status {
        case .returned: return true
        case .bound(let name):
            guard let id = code.nameID(of: name) else { return false }
            if returnedNameIDs == nil {
                var names: Set<Int32> = []
                for k in range where code.isKeyword(k, "return") && k + 1 < range.upperBound && code.kind(k + 1) == .identifier {
                    let next = k + 2
                    if next >= code.count || code.startsLine[next] || code.kind(next) == .rightBrace || code.kind(next) == .semicolon {
                        names.insert(code.nameID(k + 1))
                    }
                }
                code.work += range.count
                returnedNameIDs = names
            }
            return returnedNameIDs!.contains(id)
        default: return false
        }
    }
}
