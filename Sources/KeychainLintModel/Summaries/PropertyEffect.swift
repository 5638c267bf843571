/// What a method does to one dictionary property of an instance of its type: of `self` (a
/// `mutating func`, a class's method, an initializer) or of the copy of `self` it returns
/// (`func adding(_ k: CFString, _ v: Any) -> Query { var c = self; c.raw[k] = v; return c }`).
///
/// A caller that holds an instance in a local (`var lookup = ItemLookup(…)`) applies it at
/// `lookup.returningData()` or `lookup.adding(k, v)`, so `lookup.query` read later carries what
/// the method wrote (`FlowWalk+Instances`).
package struct PropertyEffect: Sendable, Equatable {
    /// What the property holds before `added` and `removed` apply.
    package enum Start: Sendable, Equatable {
        /// The instance's own value: the entries are added to it.
        case unchanged
        /// A new dictionary the method assigns (`query = [...]` in an initializer): `added` is all of it.
        case replaced
        /// A dictionary the method assigns that cannot be read: what the property held before is gone.
        case replacedWithUnknown
    }

    /// The property's name.
    package var property: String
    package var start: Start
    /// Entries written on some path, in the declaring file (callers adopt them).
    package var added: [KeychainEntry]
    /// Keys removed on the path to the end.
    package var removed: Set<String>
    /// `raw[key] = value` with `key` a parameter: the entry the call's arguments make.
    package var parameterEntries: [ParameterEntry]

    package init(property: String, start: Start, added: [KeychainEntry], removed: Set<String>, parameterEntries: [ParameterEntry] = []) {
        self.property = property
        self.start = start
        self.added = added
        self.removed = removed
        self.parameterEntries = parameterEntries
    }

    /// Changes nothing a caller could see.
    package var isEmpty: Bool {
        start == .unchanged && added.isEmpty && removed.isEmpty && parameterEntries.isEmpty
    }
}

/// An entry whose key is one of the function's parameters (`copy.raw[key] = value`): its key
/// and value are read from the call's arguments.
package struct ParameterEntry: Sendable, Equatable {
    package var keyParameter: Int
    /// The parameter the value is, or nil when the value is written in the body (`value`).
    package var valueParameter: Int?
    package var value: KeychainValue

    package init(keyParameter: Int, valueParameter: Int?, value: KeychainValue) {
        self.keyParameter = keyParameter
        self.valueParameter = valueParameter
        self.value = value
    }
}
