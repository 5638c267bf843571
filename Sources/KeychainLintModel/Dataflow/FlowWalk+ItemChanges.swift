import KeychainLintSyntax

/// Deletes and updates a function makes on dictionaries of its own (`ItemChange`): noted while
/// its body is summarised, and recorded at each call as a change of some unknown item.
extension FlowWalk {
    /// A delete or update recorded while summarising: an item change of the function, unless its
    /// dictionary is a parameter's (a sink, which each caller's dictionary decides).
    func noteItemChange(_ use: KeychainUse) {
        guard let call = use.call, use.role == .query, call.operation == .delete || call.operation == .update,
              var current = summary else { return }
        if current.sinks.contains(where: { $0.operationOffset == call.offset && $0.route.isEmpty }) { return }
        let change = ItemChange(operation: call.operation, route: call.route)
        guard !current.itemChanges.contains(change) else { return }
        current.itemChanges.append(change)
        summary = current
    }

    /// `try store.removeObject(forKey: k)`: each item change of the callee is a delete or update
    /// at the call, of a dictionary nobody here can read (so only rules about the call itself,
    /// such as a delete before an add, see it).
    func applyItemChanges(of summary: FunctionSummary, calleeAt i: Int) {
        for change in summary.itemChanges {
            var dictionary = DictionaryExpression(entries: [], originOffset: code.offset(i), isLiteral: false)
            dictionary.hasUnknownBase = true
            var call = KeychainCall(operation: change.operation, offset: code.offset(i), codeIndex: i, region: code.region[i],
                                    status: .handledInside, branch: currentBranch)
            call.route = [summary.route] + change.route
            record(KeychainUse(dictionary: dictionary.keychainDictionary(isVariable: true), call: call, role: .query))
        }
    }
}
