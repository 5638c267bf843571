import KeychainLintSyntax

/// The linter reads `CodeTokens`, made in the lexer's pass by a sink that keeps only code; the
/// tests and tools read the lossless stream. This replays the lossless stream the simple way
/// (drop trivia, lift `#if` lines out up to their line break, note line breaks) and checks that
/// the fast path agrees on every token, flag, directive, name id, bracket partner and line start.
extension PipelineInvariants {
    package static func codeStream(_ bytes: [UInt8], _ lossless: [Token]) -> [String] {
        let code = CodeTokens(bytes)
        var tokens: [Token] = [], startsLine: [Bool] = [], directives: [DirectiveLine] = []
        var lineBreak = true
        var i = 0
        func text(_ t: Token) -> String { String(decoding: bytes[t.range], as: UTF8.self) }
        while i < lossless.count {
            let t = lossless[i]
            switch t.kind {
            case .newline:
                lineBreak = true
            case .blockComment, .docBlockComment:
                if bytes[t.range].contains(where: { $0 == 0x0A || $0 == 0x0D }) { lineBreak = true }
            case .whitespace, .lineComment, .docLineComment, .byteOrderMark:
                break
            case .poundDirective:
                var line = DirectiveLine(word: text(t), condition: "", codeIndex: tokens.count)
                i += 1
                while i < lossless.count && lossless[i].kind != .newline {
                    if !lossless[i].kind.isComment { line.condition += text(lossless[i]) }
                    i += 1
                }
                directives.append(line)
                lineBreak = true
                continue
            default:
                tokens.append(t)
                startsLine.append(lineBreak)
                lineBreak = false
            }
            i += 1
        }
        var problems: [String] = []
        if code.tokens != tokens { problems.append("code tokens differ from the lossless stream's (\(code.tokens.count) vs \(tokens.count))") }
        if code.startsLine != startsLine { problems.append("startsLine flags differ from the lossless stream's") }
        if code.directives != directives { problems.append("directive lines differ: \(code.directives) vs \(directives)") }
        if code.lineStarts != LineMap(bytes).lineStarts { problems.append("line starts differ from LineMap's") }
        problems += nameIDs(code, bytes)
        if code.partner != partners(of: code.tokens) { problems.append("bracket partners differ from a separate matching pass") }
        return problems
    }

    /// Brackets paired the simple way, in a pass of its own: an explicit stack, a closer that does
    /// not match the innermost opener looking up to eight levels down.
    private static func partners(of tokens: [Token]) -> [Int32] {
        var partner = [Int32](repeating: -1, count: tokens.count)
        var stack: [Int] = []
        let pairs: [TokenKind: TokenKind] = [.rightParen: .leftParen, .rightBracket: .leftBracket, .rightBrace: .leftBrace,
                                             .stringEnd: .stringStart, .interpolationEnd: .interpolationStart]
        for (i, token) in tokens.enumerated() {
            if pairs.values.contains(token.kind) {
                stack.append(i)
            } else if let opener = pairs[token.kind] {
                let floor = max(0, stack.count - 8)
                if let depth = (floor..<stack.count).reversed().first(where: { tokens[stack[$0]].kind == opener }) {
                    partner[stack[depth]] = Int32(i)
                    partner[i] = Int32(stack[depth])
                    stack.removeSubrange(depth...)
                }
            }
        }
        return partner
    }

    /// Identifiers get ids, nothing else does, and two identifiers share an id exactly when they are spelled the same.
    private static func nameIDs(_ code: CodeTokens, _ bytes: [UInt8]) -> [String] {
        var idOf: [ArraySlice<UInt8>: Int32] = [:]
        for (index, token) in code.tokens.enumerated() where index < code.nameIDs.count {
            let id = code.nameIDs[index]
            guard token.kind == .identifier else {
                if id != -1 { return ["token \(index), not an identifier, has name id \(id)"] }
                continue
            }
            let spelling = bytes[token.range]
            if let known = idOf[spelling], known != id { return ["one spelling has ids \(known) and \(id)"] }
            idOf[spelling] = id
        }
        if Set(idOf.values).count != idOf.count { return ["two spellings share a name id"] }
        if code.nameIDs.count != code.tokens.count { return ["\(code.nameIDs.count) name ids for \(code.tokens.count) tokens"] }
        return []
    }
}
