import KeychainLintSyntax

/// Helpers that share a base name and differ by labels or arity (`queryAttributes(for:shared:)`
/// and `queryAttributes(shared:)`, `keyQuery(_:)` and `keyQuery(_:_:)`): a call reads only the
/// overloads its argument labels and count can bind (`FunctionSignature.bind`), one calling
/// another is not a recursion of the name, and a literal `true`/`false` argument for a `Bool`
/// parameter keeps only the entries of that side of an `if flag` on it (`BranchPath.flagGroup`),
/// a default value standing for an omitted argument.
extension DictionaryExtractor {
    /// Nil when the call at `index` can bind every function of the name (nothing to tell apart)
    /// or none of the receiver's (then the name is read as any other helper).
    func overloadedHelperEntries(named name: Int32, callAt index: Int, among bodies: [Declarations.Body]) -> [KeychainEntry]? {
        guard bodies.count > 1, code.kind(index + 1) == .leftParen else { return nil }
        let arguments = code.elements(of: index + 1).filter { !$0.isEmpty }
        let labels = code.labels(of: arguments)
        // The receiver's type (`self`'s for a bare call in a method) has the overloads the call can reach.
        let owner = receiverType(ofMemberAt: index) ?? (code.kind(index - 1) == .period ? nil : ownerOfEnclosingFunction(at: index))
        let owned = owner.map { owner in bodies.filter { $0.owner == owner } } ?? []
        var matching: [(body: Declarations.Body, binding: [Int])] = []
        for body in owned.isEmpty ? bodies : owned {
            guard let open = body.parameterOpen, let binding = FunctionParameters(code: code, open: open).signature.bind(labels) else { continue }
            matching.append((body, binding))
        }
        guard !matching.isEmpty, matching.count < bodies.count else { return nil }
        let key = matching.map(\.body.open)
        var entries: [KeychainEntry]
        if let memo = overloadMemo[key] {
            guard let known = memo else { return nil }
            entries = known
        } else {
            guard !key.contains(where: overloadsInProgress.contains), evaluationDepth < Self.maxEvaluationDepth else {
                recursionCuts += 1
                return nil
            }
            key.forEach { overloadsInProgress.insert($0) }
            evaluationDepth += 1
            let cuts = recursionCuts
            let walked = walkHelper(name, bodies: matching.map(\.body), initializers: [], guardedByName: false)
            evaluationDepth -= 1
            key.forEach { overloadsInProgress.remove($0) }
            if recursionCuts == cuts { overloadMemo[key] = .some(walked) }
            guard let walked else { return nil }
            entries = walked
            noteReferencedHelper(name)
        }
        guard matching.count == 1 else { return entries }
        return pickingFlagBranches(entries, of: matching[0].body, binding: matching[0].binding, arguments: arguments)
    }

    /// A call of the file's one function of the name (`attributes(nil, value: v)`) keeps the
    /// entries of the sides of its `if flag` / `if value != nil` that the call's literals take; the
    /// helper's entries are read once for every call (`helperEntries`), and filtered here.
    func pickingFlagBranches(_ entries: [KeychainEntry], ofOnlyFunctionNamed name: Int32, callAt index: Int) -> [KeychainEntry] {
        guard index + 1 < code.count, code.kind(index + 1) == .leftParen,
              entries.contains(where: { $0.branch.arms.contains { BranchPath.isFlagGroup($0.group) } }) else { return entries }
        let bodies = declarations.bodies(named: name)
        guard bodies.count == 1, let open = bodies[0].parameterOpen else { return entries }
        let arguments = code.elements(of: index + 1).filter { !$0.isEmpty }
        guard let binding = FunctionParameters(code: code, open: open).signature.bind(code.labels(of: arguments)) else {
            return entries
        }
        return pickingFlagBranches(entries, of: bodies[0], binding: binding, arguments: arguments)
    }

    /// Entries written under `if flag` / `if !flag` on a `Bool` parameter the call gives a literal
    /// (or leaves to a literal default), or under `if value != nil` on one it gives `nil` or
    /// another literal: only the side that literal takes stays.
    func pickingFlagBranches(_ entries: [KeychainEntry], of body: Declarations.Body, binding: [Int], arguments: [Range<Int>]) -> [KeychainEntry] {
        guard let open = body.parameterOpen, entries.contains(where: { $0.branch.arms.contains { BranchPath.isFlagGroup($0.group) } }) else { return entries }
        var dropped: [Int: Int] = [:]  // flag group → the arm no path of this call takes
        let parameters = code.elements(of: open)
        for (p, parameter) in parameters.enumerated() {
            guard let nameIndex = code.parameterName(parameter),
                  let written = code.argumentOrDefault(for: p, parameters: parameters, binding: binding, arguments: arguments) else { continue }
            // Arm 0 is where the flag is true, or the value there.
            if let value = code.literalBool(written) { dropped[BranchPath.flagGroup(code.nameID(nameIndex))] = value ? 1 : 0 }
            if let present = literalPresence(written) { dropped[BranchPath.presenceGroup(code.nameID(nameIndex))] = present ? 1 : 0 }
        }
        guard !dropped.isEmpty else { return entries }
        return entries.filter { entry in !entry.branch.arms.contains { dropped[$0.group] == $0.arm } }
    }

    /// False for a lone `nil`, true for a lone literal of another kind, nil for anything else.
    private func literalPresence(_ range: Range<Int>) -> Bool? {
        guard let first = range.first else { return nil }
        if range.count == 1 {
            if code.isKeyword(first, "nil") { return false }
            if code.isKeyword(first, "true") || code.isKeyword(first, "false") { return true }
            if code.kind(first) == .integerLiteral || code.kind(first) == .floatLiteral { return true }
        }
        if code.kind(first) == .stringStart && code.after(first) == range.upperBound { return true }
        return nil
    }

}
