import KeychainLintTokenizer

extension KeychainFile {
    /// The code-token range of the body of the function that encloses `index` (closures and control
    /// blocks are looked through), or the whole file for top-level code.
    package func enclosingFunctionBody(of index: Int) -> Range<Int> { code.enclosingFunctionBody(of: index) }

    /// Whether a code token in `range` is the identifier `name`.
    package func mentions(_ name: String, in range: Range<Int>) -> Bool {
        range.contains { code.kind($0) == .identifier && code.text($0) == name }
    }
}
