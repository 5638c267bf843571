
// Shape: a parameter that reaches a keychain operation (`func fetch(_ q: [String: Any])` calling
// SecItemCopyMatching(q)). Its type, where it is noted while a body is summarised, how a call
// applies it, and its exported form live here, so a change to the shape is a change to this file.

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

    package init(parameter: Int, operation: KeychainOperation, role: DictionaryRole, added: [KeychainEntry],
                 removed: Set<String>, status: StatusUse, route: [String], operationOffset: Int) {
        self.operationOffset = operationOffset
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

    package init(function: String, offset: Int, role: DictionaryRole) {
        self.function = function
        self.offset = offset
        self.role = role
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
