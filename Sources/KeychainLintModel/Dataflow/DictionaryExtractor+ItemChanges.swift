import KeychainLintSyntax

extension DictionaryExtractor {
    /// Whether the body may delete or update an item of its own: it calls SecItemDelete or
    /// SecItemUpdate (or a stored reference to one), or passes arguments that bind to a parameter
    /// a function of this file or the project deletes or updates. A cheap read of its calls that
    /// spares walking the bodies of functions without a dictionary parameter that change nothing
    /// (most of them).
    func mayChangeItems(_ body: Declarations.Body) -> Bool {
        // XCTest runs `func testSaves()`; no code calls it, so what it deletes is no caller's
        // (a test file's methods are most of the bodies this would read).
        if let open = body.parameterOpen, code.kind(open + 1) == .rightParen, code.text(body.nameIndex).hasPrefix("test") { return false }
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
            if own || !capitalised { consultPassedItemChanges(id, arguments: argumentCount(of: j + 1)) }
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
            let labels = code.elements(of: j + 1).filter { !$0.isEmpty }.map { code.label(of: $0) ?? "_" }
            if own, declarations.bodies(named: id).contains(where: { body in
                summary(of: body).map { ItemChange.passing([$0]).contains { $0.binds(labels) } } ?? false
            }) {
                return true
            }
            if passing.contains(where: { $0.binds(labels) }) { return true }
        }
        return false
    }

    /// Notes that the file depends on the item changes of the project's functions named `name`.
    func consultItemChanges(_ name: Int32) { consultItemFact(name, 1) }

    /// Notes that the file depends on whether the project's functions named `name` that take
    /// `arguments` arguments delete or update a dictionary they are passed.
    func consultPassedItemChanges(_ name: Int32, arguments: Int) {
        consultItemFact(name, 1 << UInt16(min(max(arguments, 1), ItemChange.maxArguments)))
    }

    private func consultItemFact(_ name: Int32, _ bit: UInt16) {
        if consultedItemFacts.isEmpty { consultedItemFacts = [UInt16](repeating: 0, count: code.names.count) }
        consultedItemFacts[Int(name)] |= bit
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
