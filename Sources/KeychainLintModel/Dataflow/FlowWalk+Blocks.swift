import KeychainLintSyntax

/// The walk's blocks: scopes opened and closed as it passes braces (variables go out of scope with
/// theirs), bodies it may jump over, and the branch arm (`if`/`else` chains, `switch` cases) each
/// block is, so an entry is known to reach a use on some path.
extension FlowWalk {
    func pushBlock(open: Int, kind: BlockKind) {
        let id = blockIsOpen.count
        blockIsOpen.append(true)
        var block = OpenBlock(open: open, id: id, kind: kind)
        if kind == .control, open >= 0 { classifyControl(&block) }
        if open >= 0 && kind != .type { openCodeBlocks += 1 }
        blocks.append(block)
    }

    func popBlock() {
        guard let block = blocks.popLast() else { return }
        if block.open >= 0 && block.kind != .type { openCodeBlocks -= 1 }
        blockIsOpen[block.id] = false
        if let arm = block.arm { closedArms[block.open] = arm }
        for index in block.variables.reversed() {
            visible[Int(variables[index].name)] = variables[index].shadowed
        }
        visibleVariables -= block.variables.count
        for index in block.variables {
            let variable = variables[index]
            if !collectsReturnsOnly && !variable.flowsIntoCall && !variable.isReturned
                && !isOnlyInspected(variable, before: block.open >= 0 ? code.after(block.open) : code.count)
                && !isHandedBackAsResult(variable, before: block.open >= 0 ? code.after(block.open) : code.count) {
                var expression = DictionaryExpression(entries: snapshot(index), originOffset: variable.declOffset, isLiteral: false)
                (expression.hasUnknownBase, expression.certainlyAbsent) = openness(index)
                if expression.isKeychainDictionary {
                    record(KeychainUse(dictionary: expression.keychainDictionary(isVariable: true), call: nil, role: .query))
                }
            }
        }
    }

    var currentBlockID: Int { blocks.last?.id ?? 0 }

    /// How far past its declaration a variable's mentions are read for `isOnlyInspected`.
    static let inspectionReach = 2_048

    /// Whether every mention of the variable after its declaration, up to `end`, reads one of its
    /// entries (`result[kSecClass] as! CFString` in a test of a query factory): a dictionary that is
    /// only looked at goes to no operation, seen or unseen. A mention of any other kind (passed,
    /// assigned, written into, cast), none at all, or mentions past the reach keep it an unseen use.
    private func isOnlyInspected(_ variable: Variable, before end: Int) -> Bool {
        guard variable.declIndex >= 0 else { return false }
        let start = Int(variable.declIndex) + 1
        let stop = min(end, start + Self.inspectionReach)
        // Unbalanced code can close the block before the declaration's name.
        guard stop == end, start <= stop else { return false }
        code.work += stop - start
        var reads = 0
        for j in start..<stop where code.nameID(j) == variable.name && code.kind(j - 1) != .period {
            if isComparedByAssertion(j) {
                reads += 1
                continue
            }
            guard code.kind(j + 1) == .leftBracket else { return false }
            let after = code.after(j + 1)
            if after >= code.count || code.is(after, "=") || code.kind(after) == .operator && code.text(after).hasSuffix("=")
                && !code.is(after, "==") && !code.is(after, "!=") && !code.is(after, ">=") && !code.is(after, "<=") {
                return false
            }
            reads += 1
        }
        return reads > 0
    }

    /// `XCTAssertEqual(query, expected)`, `XCTAssertNotEqual(a, b, "…")`: the name at `j` is a whole
    /// argument of an assertion that compares values (a test's expected dictionary is looked at).
    private func isComparedByAssertion(_ j: Int) -> Bool {
        guard code.kind(j + 1) == .comma || code.kind(j + 1) == .rightParen else { return false }
        var k = j - 1
        let floor = max(0, j - 64)
        while k > floor && code.kind(k) != .leftParen {
            if code.kind(k) == .rightParen || code.kind(k) == .rightBracket || code.kind(k) == .rightBrace {
                let open = Int(code.partner[k])
                guard open >= 0, open < k else { return false }
                k = open - 1
                continue
            }
            if code.kind(k) == .leftBracket || code.kind(k) == .leftBrace || code.kind(k) == .semicolon { return false }
            k -= 1
        }
        guard k > floor, code.kind(k) == .leftParen else { return false }
        return code.isIdentifier(k - 1, "XCTAssertEqual") || code.isIdentifier(k - 1, "XCTAssertNotEqual")
    }

    /// `result?.pointee = item as CFDictionary` (or `[item, other] as CFArray`): the dictionary is
    /// what a lookup finds, written to its out-parameter (a fake `SecItemCopyMatching` in a test), not a query or an item to add.
    private func isHandedBackAsResult(_ variable: Variable, before end: Int) -> Bool {
        guard variable.declIndex >= 0 else { return false }
        let start = Int(variable.declIndex) + 1
        let stop = min(end, start + Self.inspectionReach)
        guard start + 1 < stop else { return false }
        code.work += stop - start
        for k in (start + 1)..<(stop - 1) where code.isIdentifier(k, "pointee") && code.kind(k - 1) == .period && code.is(k + 1, "=") {
            let value = (k + 2)..<max(k + 2, min(stop, code.expressionEnd(from: k + 2)))
            if value.contains(where: { code.nameID($0) == variable.name }) { return true }
        }
        return false
    }

    /// The file-wide walk jumps over code at file or type level (a function body, a member's
    /// initializer) that names nothing relevant (`Relevance`) and, for a body, no variable in scope:
    /// it cannot add a use. Its names still count as consulted, so the project's second pass sees
    /// what it might use.
    func jumpsOver(_ span: Range<Int>, variablesCount: Bool) -> Bool {
        guard extractor.skipsIrrelevantCode, !collectsReturnsOnly, range.lowerBound == 0, openCodeBlocks == 0,
              !extractor.relevance.mentions(span, code: code, visible: variablesCount && visibleVariables > 0 ? visible : []) else { return false }
        // A function with a dictionary parameter may hand it to another file's function: its names
        // matter to the project rounds even when no dictionary can be built from them.
        let forwards = variablesCount && code.kind(span.lowerBound) == .leftBrace
            && code.parameterList(beforeBodyAt: span.lowerBound).map { !FunctionParameters(code: code, open: $0).dictionaries.isEmpty } ?? false
        extractor.log.skipped(span, forwards: forwards)
        return true
    }

    /// The arms of every enclosing branch, outermost first.
    var currentBranch: BranchPath {
        var arms: [BranchPath.Arm] = []
        for block in blocks {
            if let arm = block.arm { arms.append(arm) }
            if let arm = block.caseArm { arms.append(arm) }
        }
        return BranchPath(arms: arms)
    }

    /// `if … {` starts a chain; `} else {` and `} else if … {` continue the chain of the block
    /// they follow; `switch … {` has its cases for arms. Loops, `guard … else`, `do` and `catch`
    /// are not arms: their code runs on the path that reaches them.
    func classifyControl(_ block: inout OpenBlock) {
        let open = block.open
        if code.isKeyword(open - 1, "else") {
            var arm = continuedArm(elseAt: open - 1)
            // A flag's arms are true (0) and false (1), whichever the `if` tested: arm 1 closes.
            if let a = arm { arm?.closesChain = !BranchPath.isFlagGroup(a.group) || a.arm == 1 }
            block.arm = arm
            return
        }
        guard let head = controlHead(open) else { return }
        if code.isKeyword(head, "switch") {
            block.isSwitch = true
        } else if code.isKeyword(head, "if") {
            block.arm = code.isKeyword(head - 1, "else") ? continuedArm(elseAt: head - 1)
                : flagArm(condition: (head + 1)..<open, then: open) ?? BranchPath.Arm(group: open, arm: 0)
        }
    }

    func continuedArm(elseAt e: Int) -> BranchPath.Arm? {
        guard code.kind(e - 1) == .rightBrace, code.partner[e - 1] >= 0,
              let previous = closedArms[Int(code.partner[e - 1])] else { return nil }
        if BranchPath.isFlagGroup(previous.group) { return BranchPath.Arm(group: previous.group, arm: 1 - previous.arm) }
        return BranchPath.Arm(group: previous.group, arm: previous.arm + 1)
    }

    /// `if flag {` or `if !flag {` on a parameter of the enclosing function (immutable, so every
    /// test of it in the body agrees), with no `else if` after: the flag's arm (`BranchPath.flagGroup`).
    /// `if value != nil {`, `if value == nil {` and `if let value {` test whether an optional
    /// parameter is there (`BranchPath.presenceGroup`).
    private func flagArm(condition: Range<Int>, then open: Int) -> BranchPath.Arm? {
        let a = condition.lowerBound
        let name: Int, negated: Bool, presence: Bool
        if condition.count == 3, code.kind(a) == .identifier, code.isKeyword(a + 2, "nil"), code.is(a + 1, "!=") || code.is(a + 1, "==") {
            (name, negated, presence) = (a, code.is(a + 1, "=="), true)
        } else if condition.count == 2, code.isKeyword(a, "let") {
            (name, negated, presence) = (a + 1, false, true)
        } else if condition.count == 4, code.isKeyword(a, "let"), code.is(a + 2, "="), code.kind(a + 3) == .identifier,
                  code.nameID(a + 1) == code.nameID(a + 3) {
            (name, negated, presence) = (a + 3, false, true)
        } else {
            negated = condition.count == 2 && code.is(a, "!")
            (name, presence) = (negated ? a + 1 : a, false)
            guard condition.count == (negated ? 2 : 1) else { return nil }
        }
        guard code.kind(name) == .identifier else { return nil }
        let after = code.after(open)
        // `if let key = key`: the name is the parameter's where the `if` is, before the new binding.
        guard !(code.isKeyword(after, "else") && code.isKeyword(after + 1, "if")), isFunctionParameter(name, at: a - 1) else { return nil }
        let arm = negated ? 1 : 0
        let group = presence ? BranchPath.presenceGroup(code.nameID(name)) : BranchPath.flagGroup(code.nameID(name))
        return BranchPath.Arm(group: group, arm: arm, closesChain: arm == 1)
    }

    /// Whether the name at `index` is a parameter of the `func` whose body holds it, not hidden by
    /// a binding in scope at `place`.
    private func isFunctionParameter(_ index: Int, at place: Int) -> Bool {
        let body = code.enclosingFunctionBody(of: index)
        let id = code.nameID(index)
        guard body.lowerBound > 0, id >= 0, extractor.declarations.binding(named: id, at: place) == nil,
              let list = code.parameterList(beforeBodyAt: body.lowerBound - 1) else { return false }
        return code.elements(of: list).contains { code.parameterName($0).map { code.nameID($0) == id } ?? false }
    }

    /// The keyword that introduces the control block opened at `open`, read back over its
    /// condition (bracket groups jumped, bounded).
    func controlHead(_ open: Int) -> Int? {
        var j = open - 1
        var steps = 0
        while j >= 0, steps < CodeView.maxExpressionSteps {
            steps += 1
            switch code.kind(j) {
            case .rightParen, .rightBracket, .stringEnd, .interpolationEnd:
                guard code.partner[j] >= 0 else { return nil }
                j = Int(code.partner[j]) - 1
                continue
            case .leftBrace, .rightBrace, .semicolon:
                return nil
            case .keyword:
                for word: StaticString in ["if", "switch", "guard", "while", "for", "repeat", "do", "catch"] where code.isKeyword(j, word) {
                    return j
                }
            default:
                break
            }
            j -= 1
        }
        return nil
    }

    /// A `case`/`default` label directly in a `switch` body starts the next arm (`if case`,
    /// `for case` and `catch` patterns are not labels).
    func caseLabel(at i: Int) {
        guard let top = blocks.last, top.isSwitch else { return }
        let p = i - 1
        if code.isKeyword(p, "if") || code.isKeyword(p, "guard") || code.isKeyword(p, "while") || code.isKeyword(p, "for")
            || code.kind(p) == .comma || code.isKeyword(p, "catch") { return }
        blocks[blocks.count - 1].caseArm = BranchPath.Arm(group: top.open, arm: i)
    }

    /// The innermost enclosing function-like block, unless a closure comes first.
    var enclosingFunction: OpenBlock? {
        for block in blocks.reversed() {
            switch block.kind {
            case .function: return block
            case .closure, .type: return nil
            case .control: continue
            }
        }
        return nil
    }
}
