/// What a function does with the dictionaries it is given, read once from its body: which
/// parameters reach which keychain operation (*sinks*), which parameter it hands back (a
/// conversion such as `func query(_ d: [CFString: Any]) -> CFDictionary { d as CFDictionary }`),
/// and what it writes into `inout` dictionaries (*effects*).
///
/// A call site binds its arguments to the parameters (by label, `FunctionSignature.bind`) and
/// applies the summary: a dictionary the caller builds and passes to `fetch(_:)` is checked as
/// if the caller had called `SecItemCopyMatching` itself, with what `fetch` adds on the way.
/// Entry offsets are in the declaring file (`route` names it for relocated findings).
///
/// The record holds one field per *shape*; each shape's type, how it is noted while a body is
/// summarised, how a call applies it and how it is exported are in a file of its own in this
/// folder (`ParameterSink.swift`, `ReturnedParameter.swift`, `ParameterEffect.swift`,
/// `StoredParameter.swift`, `ClosureSink.swift`, `ItemChange.swift`, `PropertyEffect.swift`), so a
/// new shape is a new field here and a new file there (docs/ARCHITECTURE.md says what else).
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
    /// An `async` function: only a call an `await` covers can reach it, so a sync overload of the
    /// same labels (`create(_:extraAttributes:)` both ways) is told apart at the call.
    package var isAsync = false

    package init(signature: FunctionSignature, route: String) {
        self.signature = signature
        self.route = route
    }

    package var isEmpty: Bool {
        sinks.isEmpty && returnedParameter == nil && effects.isEmpty && storedParameters.isEmpty && closureSinks.isEmpty
            && itemChanges.isEmpty && selfEffects.isEmpty && returnedCopy == nil
    }
}

extension FunctionSummary {
    /// `Keychain` of `Keychain.create(_:extraAttributes:)`, nil for a free function (`save(_:)`),
    /// and the rest of the route (`create(_:extraAttributes:)`).
    var routeOwner: (type: Substring, member: Substring)? {
        guard let dot = route.firstIndex(of: "."), !route[..<dot].contains("(") else { return nil }
        return (route[..<dot], route[route.index(after: dot)...])
    }

    /// A sink whose dictionary the function builds itself, with keychain keys, and to which the
    /// caller adds at most extras (`ParameterSink.isMerged`, or a parameter defaulting to `[:]`):
    /// a call is judged even from code that names no keychain symbol.
    var buildsItsOwnDictionary: Bool {
        sinks.contains { sink in
            let defaultsEmpty = sink.parameter < signature.parameters.count && signature.parameters[sink.parameter].defaultsToEmptyDictionary
            return (sink.isMerged || defaultsEmpty) && sink.added.contains { $0.key.hasPrefix("kSec") }
        }
    }
}
