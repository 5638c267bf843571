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
            for body in declarations.bodies(named: name) {
                bodies.append((body.open + 1)..<max(body.open + 1, code.after(body.open) - 1))
            }
        }
        return bodies
    }

    /// For the call whose callee name is at `callee` (`check(…)`, `self.check(…)`), the same-file
    /// functions of that name with a parameter at `position`: that parameter's name and the body.
    package func functionParameters(calledAt callee: Int, position: Int) -> [(parameter: String, body: Range<Int>)] {
        guard code.kind(callee - 1) != .period || code.isKeyword(callee - 2, "self") || code.isKeyword(callee - 2, "Self") else { return [] }
        return declarations.bodies(named: code.nameID(callee)).compactMap { body in
            guard let open = body.parameterOpen, case let parameters = code.elements(of: open), position < parameters.count,
                  let name = code.parameterName(parameters[position]) else { return nil }
            return (code.text(name), (body.open + 1)..<max(body.open + 1, code.after(body.open) - 1))
        }
    }

    /// The bodies of the functions of this file that call the function whose body is `body`, when
    /// that function is `private` or `fileprivate` (so no other file calls it) and is called here;
    /// nil otherwise. A rule that accepts work done by the caller (an update before the add the
    /// helper makes) asks it: `addOrUpdate` calling `update(…)`, then `add(…)` when not found.
    package func callersOfPrivateFunction(withBody body: Range<Int>) -> [Range<Int>]? {
        let open = body.lowerBound - 1
        guard open > 0, code.kind(open) == .leftBrace, let list = code.parameterList(beforeBodyAt: open),
              case let name = code.nameID(list - 1), name >= 0,
              let function = declarations.bodies.first(in: name, where: { $0.open == open }),
              !function.isLocal, code.isFilePrivate(declaredAt: function.nameIndex) else { return nil }
        var callers: [Range<Int>] = []
        for i in 0..<code.count where code.kind(i) == .identifier && code.kind(i + 1) == .leftParen && code.nameID(i) == name {
            // Declarations of the name (this one, another type's) are not calls.
            guard !code.isKeyword(i - 1, "func"), !body.contains(i) else { continue }
            callers.append(code.enclosingFunctionBody(of: i))
        }
        return callers.isEmpty ? nil : callers
    }
}
