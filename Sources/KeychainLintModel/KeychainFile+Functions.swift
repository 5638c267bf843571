import KeychainLintTokenizer

extension KeychainFile {
    /// The code-token range of the body of the function that encloses `index` (closures and control
    /// blocks are looked through), or the whole file for top-level code.
    package func enclosingFunctionBody(of index: Int) -> Range<Int> {
        var j = index - 1
        var steps = 0
        while j >= 0 && steps < 1_000_000 {
            steps += 1
            switch code.kind(j) {
            case .rightBrace, .rightParen, .rightBracket:
                let partner = Int(code.partner[j])
                j = partner >= 0 ? partner - 1 : j - 1
                continue
            case .leftBrace:
                if case .function = code.blockKind(opening: j) {
                    return (j + 1)..<max(j + 1, code.after(j) - 1)
                }
            default:
                break
            }
            j -= 1
        }
        return 0..<code.count
    }

    /// Whether a code token in `range` is the identifier `name`.
    package func mentions(_ name: String, in range: Range<Int>) -> Bool {
        range.contains { code.kind($0) == .identifier && code.text($0) == name }
    }
}
