// Shape: a delete or update a function makes on a dictionary of its own (`removeObject(forKey:)`).
// Its type, where it is noted (`noteItemChange`, from each use the walk records), how a call
// applies it, and how it is exported: as it is, plus names of its own in the project rounds
// (`ItemChange+Dependencies`).

/// A delete or update a function makes (itself, or through the functions it calls) on a
/// dictionary the caller does not pass: `func removeObject(forKey key: String)` building its own
/// query for SecItemDelete. A call of the function is a delete (or update) of some item at the
/// call site — what `unhandled-duplicate-item` looks for before an add — with an unknown
/// dictionary, so no rule about the dictionary's entries fires on it.
package struct ItemChange: Sendable, Equatable {
    package var operation: KeychainOperation
    /// The functions between this one and the operation, outermost first (empty: its own body calls it).
    package var route: [String]

    package init(operation: KeychainOperation, route: [String]) {
        self.operation = operation
        self.route = route
    }

    /// Whether a call of the summary's function can give its caller an item change: it deletes or
    /// updates a dictionary it is passed (a caller's own dictionary). A callee's own item changes
    /// are not passed on further (`FlowWalk.isApplyingItemChanges`).
    package static func changesItems(_ summary: FunctionSummary) -> Bool {
        summary.sinks.contains { $0.operation == .delete || $0.operation == .update }
    }
}

/// Deletes and updates a function makes on dictionaries of its own (`ItemChange`): noted while
/// its body is summarised, and recorded at each call as a change of some unknown item.
extension FlowWalk {
    /// A delete or update recorded while summarising: an item change of the function, unless its
    /// dictionary is a parameter's (a sink, which each caller's dictionary decides). One change per
    /// operation, by its shortest route: a caller only needs to know that some item is deleted or
    /// updated. Keeping every route made summaries grow with each path through the project's calls
    /// (and each round), and copying the summary to append one was quadratic in their number.
    func noteItemChange(_ use: KeychainUse) {
        guard let call = use.call, use.role == .query, call.operation == .delete || call.operation == .update,
              summary != nil, !isApplyingItemChanges else { return }
        if summary!.sinks.contains(where: { $0.operationOffset == call.offset && $0.route.isEmpty }) { return }
        // A recursive route (the function reached again through the project's copy of itself) adds nothing.
        if call.route.contains(summary!.route) { return }
        if let k = summary!.itemChanges.firstIndex(where: { $0.operation == call.operation }) {
            if call.route.count < summary!.itemChanges[k].route.count { summary!.itemChanges[k].route = call.route }
            return
        }
        summary!.itemChanges.append(ItemChange(operation: call.operation, route: call.route))
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
            isApplyingItemChanges = true
            record(KeychainUse(dictionary: dictionary.keychainDictionary(isVariable: true), call: call, role: .query))
            isApplyingItemChanges = false
        }
    }
}
