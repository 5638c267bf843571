import KeychainLintSyntax

extension KeychainFile {
    /// The code-token range of the body of the function that encloses `index` (closures and control
    /// blocks are looked through), or the whole file for top-level code.
    package func enclosingFunctionBody(of index: Int) -> Range<Int> { code.enclosingFunctionBody(of: index) }

    /// Whether a code token in `range` is the identifier `name`.
    package func mentions(_ name: String, in range: Range<Int>) -> Bool {
        range.contains { code.kind($0) == .identifier && code.text($0) == name }
    }

    /// Bodies of the same-file functions called by name in `range` (`helper(…)`, `self.helper(…)`),
    /// for rules that accept work done one call away, such as deleting the old item before an add.
    package func calledFunctionBodies(in range: Range<Int>) -> [Range<Int>] {
        var bodies: [Range<Int>] = []
        var seen: Set<Int32> = []
        for i in range where code.kind(i) == .identifier && code.kind(i + 1) == .leftParen {
            guard code.kind(i - 1) != .period || code.isKeyword(i - 2, "self") || code.isKeyword(i - 2, "Self") else { continue }
            let name = code.nameID(i)
            guard seen.insert(name).inserted else { continue }
            for body in extractor.declarations.bodies(named: name) {
                bodies.append((body.open + 1)..<max(body.open + 1, code.after(body.open) - 1))
            }
        }
        return bodies
    }
}
