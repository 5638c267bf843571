
// Shape: a property an initializer (or method) stores a parameter's dictionary in
// (`KeychainQuery([…]).raw`). Its type, where it is noted, how a call reads it back, and its exported form.

/// A property of `self` a parameter's dictionary is stored in, with what was added on the way.
package struct StoredParameter: Sendable, Equatable {
    package var property: String
    package var parameter: Int
    package var added: [KeychainEntry]

    package init(property: String, parameter: Int, added: [KeychainEntry]) {
        self.property = property
        self.parameter = parameter
        self.added = added
    }
}

extension StoredParameter {
    /// As other files see it: adopted entries at their home's offsets (`SummaryExport`).
    var portable: StoredParameter {
        var stored = self
        stored.added = FunctionSummary.portable(added)
        return stored
    }
}
