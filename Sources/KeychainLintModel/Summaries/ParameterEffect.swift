
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
