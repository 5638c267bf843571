import KeychainLintSyntax

/// Which block, function and type a token lies in, for the wrapper readers, read from the code
/// view's table of each token's innermost `{` (`CodeView.enclosingBraces`).
extension WrapperExtractor {
    /// Blocks looked through upward before the answer is "none": deeper code is not a wrapper's.
    static let maxBlockLevels = 64

    /// The `{` of the block that directly encloses `index`, or nil at file level.
    func enclosingBrace(of index: Int) -> Int? {
        guard index >= 0, index < code.count else { return nil }
        let open = Int(code.enclosingBraces[index])
        return open >= 0 ? open : nil
    }

    func blockKind(opening open: Int) -> BlockKind {
        if let known = blockKinds[open] { return known }
        let kind = code.blockKind(opening: open)
        blockKinds[open] = kind
        return kind
    }

    /// The `{` of the function, initializer, accessor or computed property whose body holds
    /// `index` (closures and control blocks looked through), or nil.
    func enclosingFunctionOpen(of index: Int) -> Int? {
        var at = index
        for _ in 0..<Self.maxBlockLevels {
            guard let open = enclosingBrace(of: at) else { return nil }
            if case .function = blockKind(opening: open) { return open }
            at = open
        }
        return nil
    }

    /// The code-token range of the body of the function around `index`, or the whole file.
    func functionBody(around index: Int) -> Range<Int> {
        guard let open = enclosingFunctionOpen(of: index) else { return 0..<code.count }
        return code.interior(of: open)
    }

    /// The name of the type (or extension) whose body encloses `index`.
    func enclosingTypeName(of index: Int) -> Int32? {
        var at = index
        for _ in 0..<Self.maxBlockLevels {
            guard let open = enclosingBrace(of: at) else { return nil }
            if blockKind(opening: open) == .type { return Declarations.typeName(opening: open, code: code) }
            at = open
        }
        return nil
    }

    /// The `{` of the function around `index` when one of its parameters is called `name`.
    func functionBody(withParameter name: Int32, around index: Int) -> Int? {
        guard let open = enclosingFunctionOpen(of: index) else { return nil }
        if parameterNames[open] == nil { parameterNames[open] = parameters(ofBodyAt: open) }
        return parameterNames[open]?.contains(name) == true ? open : nil
    }

    /// The local names of the parameters of the `func`, `init` or `subscript` whose body opens at `open`.
    private func parameters(ofBodyAt open: Int) -> Set<Int32> {
        guard let keyword = declarationKeyword(ofBodyAt: open),
              code.isKeyword(keyword, "func") || code.isKeyword(keyword, "init") || code.isKeyword(keyword, "subscript"),
              let list = (keyword..<open).first(where: { code.kind($0) == .leftParen }) else { return [] }
        return Set(code.elements(of: list).compactMap { code.parameterName($0).map(code.nameID) })
    }

    /// The `func`/`init`/`subscript`/`var`/`let` that introduces the body opened at `open`.
    func declarationKeyword(ofBodyAt open: Int) -> Int? {
        var j = open - 1
        var steps = 0
        defer { code.work += steps }
        while j >= 0, steps < CodeView.maxExpressionSteps {
            steps += 1
            switch code.kind(j) {
            case .rightParen, .rightBracket:
                let opener = Int(code.partner[j])
                guard opener >= 0 else { return nil }
                j = opener - 1
                continue
            case .leftBrace, .rightBrace, .semicolon:
                return nil
            case .keyword:
                for word: StaticString in ["func", "init", "subscript", "var", "let"] where code.isKeyword(j, word) { return j }
            default:
                break
            }
            j -= 1
        }
        return nil
    }
}
