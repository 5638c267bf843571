/// A function's parameters as a call sees them: external labels, and which may be left out.
package struct FunctionSignature: Sendable, Equatable {
    package struct Parameter: Sendable, Equatable {
        /// The argument label (`_` for none).
        package var label: String
        /// Has a default value, or is a function type (a trailing closure is written outside the parentheses).
        package var mayBeOmitted: Bool
        /// Its default value is an empty dictionary (`extra: [String: Any] = [:]`): a call that
        /// leaves it out passes that.
        package var defaultsToEmptyDictionary = false

        package init(label: String, mayBeOmitted: Bool, defaultsToEmptyDictionary: Bool = false) {
            self.label = label
            self.mayBeOmitted = mayBeOmitted
            self.defaultsToEmptyDictionary = defaultsToEmptyDictionary
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
