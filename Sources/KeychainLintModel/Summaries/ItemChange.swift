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

/// What other files' item changes depend on, kept apart from the rest of the summaries so that a
/// change of one does not make every user of the name be linted again. A function of a common
/// name (`set`, `delete`, `object`) that deletes its own item matters only to files that add items
/// (`unhandled-duplicate-item` looks for a delete before an add), and to the item-change check of
/// bodies that call it (`DictionaryExtractor.mayChangeItems`); files that look the name up for its
/// dictionary parameters need not be linted again when only its item changes change.
extension ItemChange {
    /// The name a file consults for the item changes of the project's functions named `name`
    /// (in a file that adds items, where its calls of them may be deletes before an add). The
    /// slash keeps it from ever being a name code spells; the suffix is short so that most such
    /// names stay small strings (a file consults one for most of the names it calls).
    package static func dependencyName(of name: String) -> String { name + "/i" }

    /// The name a file consults for whether the project's functions named `name` that take
    /// `arguments` arguments delete or update a dictionary they are passed, or `name` is a stored
    /// reference to SecItemDelete or SecItemUpdate (`DictionaryExtractor.mayChangeItems` asks at
    /// every call it reads). By number of arguments: `removeObject(forKey: k)` (Foundation's, on
    /// `UserDefaults`) is no call of a `removeObject(forKey:options:)` that deletes, and its file is
    /// not linted again when that function's summary changes. Counts above `maxArguments` share one name.
    package static func passingName(of name: String, arguments: Int) -> String {
        name + "/p" + String(min(arguments, maxArguments))
    }

    static let maxArguments = 9

    /// The names `passingName` gives calls that may reach one of the functions.
    static func passingNames(of name: String, _ functions: [Passing]) -> [String] {
        var counts = Set<Int>()
        for function in functions { counts.formUnion(function.argumentCounts) }
        return counts.sorted().map { passingName(of: name, arguments: $0) }
    }

    /// The names of every call of a stored reference to SecItemDelete or SecItemUpdate.
    static func aliasPassingNames(of name: String) -> [String] {
        (1...maxArguments).map { passingName(of: name, arguments: $0) }
    }

    /// A stored reference to SecItemDelete or SecItemUpdate.
    static func changesItems(_ alias: KeychainOperation?) -> Bool { alias == .delete || alias == .update }

    /// The functions among `summaries` that delete or update a dictionary they are passed, and
    /// which parameters: what a call needs to pass to change an item through them (`passingName`).
    static func passing(_ summaries: [FunctionSummary]) -> [Passing] {
        summaries.compactMap { summary in
            let parameters = summary.sinks.filter { $0.operation == .delete || $0.operation == .update }.map(\.parameter)
            return parameters.isEmpty ? nil : Passing(signature: summary.signature, parameters: parameters)
        }
    }

    struct Passing: Equatable {
        var signature: FunctionSignature
        var parameters: [Int]

        /// How many arguments a call of it has (`maxArguments` for more), never none: a parameter
        /// that deletes is bound to one.
        var argumentCounts: ClosedRange<Int> {
            let required = signature.parameters.filter { !$0.mayBeOmitted }.count
            return min(max(required, 1), maxArguments)...min(max(signature.parameters.count, 1), maxArguments)
        }

        /// A call with these argument labels passes an argument to one of the parameters.
        func binds(_ labels: [String]) -> Bool {
            guard let binding = signature.bind(labels) else { return false }
            return binding.contains(where: parameters.contains)
        }
    }

    /// The item changes in a name's summaries, with what a call needs to reach them: equal lists,
    /// equal item changes at every call (`dependencyName`).
    static func facts(_ summaries: [FunctionSummary]) -> [Facts] {
        summaries.compactMap { summary in
            guard !summary.itemChanges.isEmpty else { return nil }
            return Facts(signature: summary.signature, route: summary.route, isTypeMember: summary.isTypeMember,
                         itemChanges: summary.itemChanges)
        }
    }

    /// The summaries without their item changes, and without those that had nothing else.
    static func otherParts(_ summaries: [FunctionSummary]) -> [FunctionSummary] {
        summaries.compactMap(\.withoutItemChanges)
    }

    struct Facts: Equatable {
        var signature: FunctionSignature
        var route: String
        var isTypeMember: Bool
        var itemChanges: [ItemChange]
    }
}

extension FunctionSummary {
    /// The summary as a caller that ignores item changes sees it; nil when it has nothing else.
    package var withoutItemChanges: FunctionSummary? {
        guard !itemChanges.isEmpty else { return self }
        var summary = self
        summary.itemChanges = []
        return summary.isEmpty ? nil : summary
    }
}
