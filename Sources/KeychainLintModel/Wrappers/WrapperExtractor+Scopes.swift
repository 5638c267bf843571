import KeychainLintSyntax

/// Which block, function and type a token lies in, for the wrapper readers: a table of each token's
/// innermost `{`, made in one pass on first need, so that many calls in one long function or deep
/// blocks cost each a few steps rather than a walk back to the function's start.
extension WrapperExtractor {
    /// Blocks looked through upward before the answer is "none": deeper code is not a wrapper's.
    static let maxBlockLevels = 64

    /// The `{` of the block that directly encloses `index`, or nil at file level.
    func enclosingBrace(of index: Int) -> Int? {
        if braceParents.isEmpty && code.count > 0 { braceParents = Self.braceParents(code) }
        guard index >= 0, index < braceParents.count else { return nil }
        let open = Int(braceParents[index])
        return open >= 0 ? open : nil
    }

    /// Each token's innermost enclosing `{` (-1 at file level); a `{`'s own is the block around it.
    private static func braceParents(_ code: CodeView) -> [Int32] {
        var parents = [Int32](repeating: -1, count: code.count)
        var open: [Int32] = []
        for i in 0..<code.count {
            switch code.kind(i) {
            case .leftBrace:
                parents[i] = open.last ?? -1
                open.append(Int32(i))
            case .rightBrace:
                if let top = open.last, code.partner[i] == top { open.removeLast() }
                parents[i] = open.last ?? -1
            default:
                parents[i] = open.last ?? -1
            }
        }
        code.work += code.count
        return parents
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
        return (open + 1)..<max(open + 1, code.after(open) - 1)
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
