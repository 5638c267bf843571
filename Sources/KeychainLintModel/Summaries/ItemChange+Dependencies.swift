import KeychainLintSyntax

// The item changes' dependencies in the project rounds: the names a file consults for them, and
// the cheap read (`mayChangeItems`) that decides whether a body without a dictionary parameter is
// summarised for its item changes at all.

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

extension DictionaryExtractor {
    /// A test the test runner calls and no code does: a `@Test` function (Swift Testing), or a
    /// `func test…()` with no parameters in a file that imports XCTest or Testing (an XCTestCase's
    /// test method). An app's `func testConnection()` in a file that imports neither is a function
    /// its callers call like any other.
    func isTestMethod(_ body: Declarations.Body) -> Bool {
        guard code.isKeyword(body.nameIndex - 1, "func") else { return false }
        if code.hasAttribute("Test", declaredAt: body.nameIndex) { return true }
        guard let open = body.parameterOpen, code.kind(open + 1) == .rightParen,
              code.identifier(body.nameIndex, hasPrefix: "test") else { return false }
        return importsTestFramework
    }

    /// Whether the body may delete or update an item of its own: it calls SecItemDelete or
    /// SecItemUpdate (or a stored reference to one), or passes arguments that bind to a parameter
    /// a function of this file or the project deletes or updates. A cheap read of its calls that
    /// spares walking the bodies of functions without a dictionary parameter that change nothing
    /// (most of them).
    func mayChangeItems(_ body: Declarations.Body) -> Bool {
        // The test runner calls a test; no code does, so what it deletes is no caller's (a test
        // file's methods are most of the bodies this would read).
        if isTestMethod(body) { return false }
        let end = code.after(body.open) - 1
        var j = body.open + 1
        while j < end {
            defer { j += 1 }
            // `store.removeAll()`: with nothing passed, no dictionary reaches what the callee deletes.
            guard code.kind(j) == .identifier, code.kind(j + 1) == .leftParen, code.kind(j + 2) != .rightParen else { continue }
            let id = code.nameID(j)
            guard id >= 0 else { continue }
            // `XCTAssertEqual(…)`, `Data(…)`: a capitalised name is a type's initializer, a test
            // assertion or a Security function, not a function of the project that deletes what it
            // is passed (most calls of a test are such; the project is not asked about them).
            let own = declarations.bodies.contains(id)
            let capitalised = startsUppercase(j)
            // What the project's functions (or stored references to SecItemDelete) of the name do to
            // what they are passed decides the answer, not the rest of their summaries: the file is
            // linted again when that changes (`ItemChange.passingName`), not whenever a common name's does.
            if own || !capitalised { log.consultPassedItemChanges(id, arguments: argumentCount(of: j + 1)) }
            // Nothing in the file deletes or updates: the answer is no, whatever the calls are.
            guard spellsItemChanges else { continue }
            if let operation = operation(at: j, consulting: false) {
                if operation == .delete || operation == .update { return true }
                continue
            }
            guard own || !capitalised else { continue }
            // The file's own functions of the name and the project's, by name and labels: resolving
            // each call's receiver here would cost a look-up per call of every function. Both:
            // Valet's `Valet.removeObject(forKey:)` calls `Keychain.removeObject(forKey:options:)`,
            // another file's function of its own name.
            let passing = projectPassedItemChanges(named: id)
            guard own || !passing.isEmpty else { continue }
            let labels = code.labels(of: code.elements(of: j + 1).filter { !$0.isEmpty })
            if own, declarations.bodies(named: id).contains(where: { body in
                summary(of: body).map { ItemChange.passing([$0]).contains { $0.binds(labels) } } ?? false
            }) {
                return true
            }
            if passing.contains(where: { $0.binds(labels) }) { return true }
        }
        return false
    }

    /// How many arguments the call whose `(` is at `open` passes: the non-empty elements
    /// `CodeView.elements(of:)` would list, counted without listing them.
    private func argumentCount(of open: Int) -> Int {
        let close = code.partner[open] < 0 ? code.count : Int(code.partner[open])
        var count = 0
        var start = open + 1
        var j = start
        while j < close {
            switch code.kind(j) {
            case .leftParen, .leftBracket, .leftBrace, .stringStart, .interpolationStart:
                j = min(code.after(j), close)
            case .comma:
                if j > start { count += 1 }
                j += 1
                start = j
            default:
                j += 1
            }
        }
        return start < close ? count + 1 : count
    }

    /// The project's functions of the name that delete or update a dictionary they are passed;
    /// remembered by name id (asked at calls of every body `mayChangeItems` reads).
    private func projectPassedItemChanges(named id: Int32) -> [ItemChange.Passing] {
        guard !symbols.summaries.isEmpty else { return [] }
        if projectItemChangers.isEmpty { projectItemChangers = [[ItemChange.Passing]?](repeating: nil, count: code.names.count) }
        if let known = projectItemChangers[Int(id)] { return known }
        let passing = symbols.summaries[code.spelling(id)].map(ItemChange.passing) ?? []
        projectItemChangers[Int(id)] = passing
        return passing
    }
}
