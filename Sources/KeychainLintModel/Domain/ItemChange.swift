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
