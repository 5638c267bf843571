/// What a function does with the dictionaries it is given, read once from its body: which
/// parameters reach which keychain operation (*sinks*), which parameter it hands back (a
/// conversion such as `func query(_ d: [CFString: Any]) -> CFDictionary { d as CFDictionary }`),
/// and what it writes into `inout` dictionaries (*effects*).
///
/// A call site binds its arguments to the parameters (by label, `FunctionSignature.bind`) and
/// applies the summary: a dictionary the caller builds and passes to `fetch(_:)` is checked as
/// if the caller had called `SecItemCopyMatching` itself, with what `fetch` adds on the way.
/// Entry offsets are in the declaring file (`route` names it for relocated findings).
package struct FunctionSummary: Sendable, Equatable {
    package var signature: FunctionSignature
    /// `Type.name(label:)`: how messages name the route, and the key findings on the
    /// function's own entries are relocated by.
    package var route: String
    package var sinks: [ParameterSink] = []
    /// The parameter whose dictionary the function returns, extended by `returnAdded`.
    package var returnedParameter: Int?
    package var returnAdded: [KeychainEntry] = []
    /// What the body writes into each `inout` dictionary parameter.
    package var effects: [ParameterEffect] = []
    /// Properties an initializer (or method) stores a parameter's dictionary in (`raw = d`), so
    /// `KeychainQuery([…]).raw` is that dictionary.
    package var storedParameters: [StoredParameter] = []
    /// Parameters handed to a closure parameter the function calls (`op(q as CFDictionary)`):
    /// the closure a caller passes decides what happens to the dictionary.
    package var closureSinks: [ClosureSink] = []
    /// Deletes and updates the body makes on dictionaries of its own (`removeObject(forKey:)`):
    /// a call of it changes items even though the caller passes no dictionary.
    package var itemChanges: [ItemChange] = []
    /// What a method writes into `self`'s dictionary properties (`PropertyEffect`).
    package var selfEffects: [PropertyEffect] = []
    /// The method returns `self` or a copy of it, changed so; nil when it returns no such copy.
    package var returnedCopy: [PropertyEffect]?
    /// Read from another file's declarations: its entries are that file's (`DictionaryExtractor.adopt`).
    package var isDeclaredElsewhere = false
    /// A `static`/`class` function: a call through a value (`ops.delete(q)`) cannot reach it.
    package var isTypeMember = false

    package init(signature: FunctionSignature, route: String) {
        self.signature = signature
        self.route = route
    }

    package var isEmpty: Bool {
        sinks.isEmpty && returnedParameter == nil && effects.isEmpty && storedParameters.isEmpty && closureSinks.isEmpty
            && itemChanges.isEmpty && selfEffects.isEmpty && returnedCopy == nil
    }
}

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

/// A function's parameters as a call sees them: external labels, and which may be left out.
package struct FunctionSignature: Sendable, Equatable {
    package struct Parameter: Sendable, Equatable {
        /// The argument label (`_` for none).
        package var label: String
        /// Has a default value, or is a function type (a trailing closure is written outside the parentheses).
        package var mayBeOmitted: Bool

        package init(label: String, mayBeOmitted: Bool) {
            self.label = label
            self.mayBeOmitted = mayBeOmitted
        }
    }

    package var parameters: [Parameter]

    package init(parameters: [Parameter]) {
        self.parameters = parameters
    }

    /// The parameter each argument binds to, by label, in order; nil when the call cannot be
    /// this function (a label that does not fit, a required parameter without an argument).
    package func bind(_ labels: [String]) -> [Int]? {
        var bound: [Int] = []
        bound.reserveCapacity(labels.count)
        var p = 0
        for label in labels {
            while p < parameters.count && parameters[p].label != label {
                guard parameters[p].mayBeOmitted else { return nil }
                p += 1
            }
            guard p < parameters.count else { return nil }
            bound.append(p)
            p += 1
        }
        while p < parameters.count {
            guard parameters[p].mayBeOmitted else { return nil }
            p += 1
        }
        return bound
    }
}
