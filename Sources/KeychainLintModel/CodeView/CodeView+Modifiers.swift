import KeychainLintSyntax

/// Where a declaration stands: the modifiers and attributes written before its keyword, and a
/// function body's parameter list. Read by the dataflow and by the rules' view of the file alike.
extension CodeView {
    /// `private func baseQuery()`: other files cannot call it, so it is not offered to them (and
    /// does not make another file's `baseQuery` ambiguous).
    func isFilePrivate(declaredAt nameIndex: Int) -> Bool {
        hasModifier(["private", "fileprivate"], declaredAt: nameIndex)
    }

    /// `static func`/`class func`: reached as `Type.name(…)`, never through a value.
    func isTypeMember(declaredAt nameIndex: Int) -> Bool {
        hasModifier(["static", "class"], declaredAt: nameIndex)
    }

    /// `@Test func …`, `@Test("…", .tags(…)) func …`: `@name` among the modifiers before the keyword.
    func hasAttribute(_ name: StaticString, declaredAt nameIndex: Int) -> Bool {
        var j = nameIndex - 2
        var steps = 0
        while j > 0 && steps < 8 {
            steps += 1
            if kind(j) == .rightParen, partner[j] >= 0 { j = Int(partner[j]) - 1; continue }
            guard kind(j) == .keyword || kind(j) == .identifier else { return false }
            if isIdentifier(j, name) && self.is(j - 1, "@") { return true }
            j -= self.is(j - 1, "@") ? 2 : 1
        }
        return false
    }

    /// Whether one of `words` is among the modifiers written before the declaration's keyword.
    private func hasModifier(_ words: [StaticString], declaredAt nameIndex: Int) -> Bool {
        var j = nameIndex - 2  // the modifiers before `func` / `var`
        var steps = 0
        while j >= 0 && steps < 6 {
            steps += 1
            if words.contains(where: { isKeyword(j, $0) || isIdentifier(j, $0) }) && kind(j + 1) != .leftParen {
                return true
            }
            switch kind(j) {
            case .keyword, .identifier: break
            case .rightParen: if partner[j] >= 0 { j = Int(partner[j]) }  // `private(set)`, `@available(…)`
            default: if !self.is(j, "@") { return false }
            }
            j -= 1
        }
        return false
    }

    /// The `(` of the parameter list of the function whose body opens at `open`.
    func parameterList(beforeBodyAt open: Int) -> Int? {
        var j = open - 1
        var steps = 0
        while j >= 0 && steps < 64 {
            steps += 1
            if kind(j) == .rightParen, partner[j] >= 0 {
                let start = Int(partner[j])
                if isKeyword(start - 2, "func") { return start }
                j = start - 1
                continue
            }
            if kind(j) == .leftBrace || kind(j) == .rightBrace { return nil }
            j -= 1
        }
        return nil
    }

    /// `func f(…) async throws -> T {`: `async` between the parameter list and the body.
    func isAsync(parametersAt open: Int, bodyAt body: Int) -> Bool {
        var j = after(open)
        while j < body && j < count {
            if isIdentifier(j, "async") || isKeyword(j, "async") { return true }
            if self.is(j, "->") { return false }
            j += 1
        }
        return false
    }

    /// Whether an `await` earlier in the statement covers the call whose callee is at `index`
    /// (`try await store.save(q)`, `let s = await f(g(q))`, `async let s = f(q)`); a closure's
    /// body starts a statement of its own.
    func isAwaited(_ index: Int) -> Bool {
        var j = index
        var steps = 0
        while j > 0 && steps < 64 && !startsStatement(j) {
            j -= 1
            steps += 1
            if isKeyword(j, "await") || isIdentifier(j, "await") || isKeyword(j, "async") || isIdentifier(j, "async") { return true }
        }
        return false
    }

    /// What a call gives the parameter at `position` of the list `parameters` (the elements of a
    /// function's `(…)`): the argument bound to it (`binding`, label dropped), else the
    /// parameter's default value; nil when it has neither.
    func argumentOrDefault(for position: Int, parameters: [Range<Int>], binding: [Int], arguments: [Range<Int>]) -> Range<Int>? {
        if let k = binding.firstIndex(of: position) { return droppingLabel(arguments[k]) }
        let parameter = parameters[position]
        guard let nameIndex = parameterName(parameter),
              let equals = firstTopLevel(in: (nameIndex + 1)..<parameter.upperBound, where: { self.is($0, "=") }) else { return nil }
        return (equals + 1)..<parameter.upperBound
    }
}
