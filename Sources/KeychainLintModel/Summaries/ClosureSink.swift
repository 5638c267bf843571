
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
