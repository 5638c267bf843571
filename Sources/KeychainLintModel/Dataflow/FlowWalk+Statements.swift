import KeychainLintSyntax

/// Identifiers that change a tracked dictionary or call a Security function.
extension FlowWalk {
    /// Inlined for its first test: most names are followed by none of these, and the walk visits
    /// every name.
    @inline(__always)
    func identifier(at i: Int) {
        let next = code.kind(i + 1)
        guard next == .leftParen || next == .leftBracket || next == .period || next == .operator else { return }
        nameUse(at: i, next: next)
    }

    /// A name followed by a call, subscript, member or operator: the only uses that can change anything.
    private func nameUse(at i: Int, next: TokenKind) {
        if next == .leftParen, !summarisedClosures.isEmpty, noteClosureCall(at: i) { return }
        if next == .leftParen, let operation = extractor.operation(at: i) {
            call(operation, nameIndex: i)
            return
        }
        if next == .leftParen, extractor.mayHaveSummaries(at: i, consulting: argumentsMayCarryDictionaries(i + 1) || hasInstanceReceiver(i)
                                                          || extractor.buildsItsOwnDictionary(calleeAt: i)) {
            userCall(nameIndex: i)
            return
        }
        guard code.kind(i - 1) != .period || code.isKeyword(i - 2, "self") else { return }
        guard let variable = initializedPropertyVariable(at: i) ?? variableIndex(at: i) else {
            if instanceWrite(at: i, next: next) { return }
            if summary != nil && next == .operator { noteStoredParameter(propertyAt: i) }
            return
        }
        switch next {
        case .leftBracket:
            subscriptAssignment(variable, open: i + 1)
        case .period:
            method(variable, nameIndex: i + 2)
        default:
            // `var q = …` is the declaration's (`declaration(at:)`), not a reassignment.
            if code.is(i + 1, "="), !(code.isKeyword(i - 1, "var") || code.isKeyword(i - 1, "let")) {
                let end = code.expressionEnd(from: i + 2)
                let dictionary = dictionary((i + 2)..<end)
                // `q = addGroup(q)`: a function given the dictionary itself returns it extended (a helper
                // built on its parameter has an unknown base only because the parameter is unknown there).
                if dictionary?.hasUnknownBase ?? true, initializedPropertyVariable(at: i) == nil,
                   ((i + 2)..<end).contains(where: { code.nameID($0) == code.nameID(i) }) {
                    if let dictionary { add(dictionary.entries, to: variable) }
                    return
                }
                let isNil = end == i + 3 && code.isKeyword(i + 2, "nil")
                let opaque = dictionary?.hasUnknownBase ?? !isNil
                variables[variable].events.append(opaque ? .resetToUnknown(block: currentBlockID) : .reset(block: currentBlockID))
                // The value's entries hold on this path, as `q[k] = v` written here would.
                let arms = currentBranch.arms
                if let dictionary { add(arms.isEmpty ? dictionary.entries : dictionary.entries.map { $0.onPath(arms) }, to: variable) }
            }
        }
    }

    private func add(_ entries: [KeychainEntry], to variable: Int) {
        variables[variable].events.append(contentsOf: entries.map(Event.add))
    }

    /// `q[k] = v`, `q.updateValue(v, forKey: k)`: the value replaces what `k` held on this path
    /// (a removal while this block is open, as `q[k] = nil` is), then is added.
    private func assign(_ entry: KeychainEntry, to variable: Int) {
        variables[variable].events.append(.remove(key: entry.key, block: currentBlockID))
        variables[variable].events.append(.add(entry))
    }

    /// `q[KEY] = VALUE`, `q[KEY] = nil`.
    func subscriptAssignment(_ variable: Int, open: Int) {
        let inside = code.interior(of: open), close = inside.upperBound
        guard code.is(close + 1, "="), let key = keyName(inside) else {
            noteParameterKeyedWrite(variable, open: open)
            return
        }
        let valueStart = close + 2
        let end = code.expressionEnd(from: valueStart)
        if end == valueStart + 1 && code.isKeyword(valueStart, "nil") {
            variables[variable].events.append(.remove(key: key, block: currentBlockID))
        } else {
            assign(entry(key: key, keyStart: open + 1, value: valueStart..<end), to: variable)
        }
    }

    /// `q.updateValue(v, forKey: k)`, `q.merge(d) {…}`, `q.removeValue(forKey: k)`, NSMutableDictionary's setters.
    func method(_ variable: Int, nameIndex m: Int) {
        guard code.kind(m) == .identifier, code.kind(m + 1) == .leftParen else { return }
        let arguments = code.elements(of: m + 1)
        let method = code.text(m)
        switch method {
        case "updateValue", "setValue", "setObject":
            guard arguments.count == 2 else { return }
            let keyRange = code.droppingLabel(arguments[1])
            guard let key = keyName(keyRange) else { return }
            assign(entry(key: key, keyStart: keyRange.lowerBound, value: code.droppingLabel(arguments[0])), to: variable)
        case "merge", "addEntries":
            guard let first = arguments.first else { return }
            let dictionary = dictionary(code.droppingLabel(first))
            if dictionary?.hasUnknownBase ?? true {
                variables[variable].events.append(.mergeUnknown(parameter: Int32(dictionary?.parameter ?? -1)))
            }
            if let dictionary { add(dictionary.entries, to: variable) }
        case "removeValue", "removeObject":
            guard let first = arguments.first, let key = keyName(code.droppingLabel(first)) else { return }
            variables[variable].events.append(.remove(key: key, block: currentBlockID))
        case "removeAll", "removeAllObjects":
            variables[variable].events.append(.reset(block: currentBlockID))
        default:
            return
        }
    }

    func entry(key: String, keyStart: Int, value: Range<Int>) -> KeychainEntry {
        KeychainEntry(key: key, value: self.value(value), keyOffset: code.offset(keyStart),
                      valueOffset: code.offset(value.lowerBound), region: code.region[keyStart], branch: currentBranch)
    }

    // MARK: Calls

    /// A call of a Security function: each dictionary argument becomes a use linked to the call.
    private func call(_ operation: KeychainOperation, nameIndex: Int) {
        let arguments = code.elements(of: nameIndex + 1)
        let call = KeychainCall(operation: operation, offset: code.offset(nameIndex), codeIndex: nameIndex,
                                region: code.region[nameIndex], status: statusUse(ofCallAt: nameIndex),
                                branch: currentBranch)
        for (index, role) in operation.dictionaryArguments where index < arguments.count {
            let argument = code.droppingLabel(arguments[index])
            // A dictionary the file cannot read (a parameter) still makes a use, for the rules about
            // the call itself; every missing-entry rule stays silent on it.
            guard let dictionary = dictionary(argument) ?? opaqueArgument(argument) else { continue }
            if let source = dictionary.variable { variables[source].flowsIntoCall = true }
            if summary != nil { noteSink(of: dictionary, operation: operation, role: role, status: call.status, operationAt: nameIndex) }
            record(KeychainUse(dictionary: dictionary.keychainDictionary(isVariable: !dictionary.isLiteral), call: call, role: role))
        }
    }

    func opaqueArgument(_ argument: Range<Int>) -> DictionaryExpression? {
        let r = trimmed(argument)
        guard let first = r.first, code.kind(first) == .identifier || code.isKeyword(first, "self") else { return nil }
        var expression = DictionaryExpression(entries: [], originOffset: code.offset(first), isLiteral: false)
        expression.hasUnknownBase = true
        return expression
    }

    /// How the status a call returns is used, read from the tokens around the call.
    func statusUse(ofCallAt nameIndex: Int) -> StatusUse {
        var p = nameIndex - 1
        if code.kind(p) == .period { p -= 2 }  // `Security.SecItemAdd`, `Self.secItemAdd`
        while p >= 0 {
            if code.isKeyword(p, "try") || code.isKeyword(p, "await") || code.isIdentifier(p, "unsafe") {
                p -= 1
            } else if (code.is(p, "?") || code.is(p, "!")) && code.isKeyword(p - 1, "try") {
                p -= 2
            } else {
                break
            }
        }
        let afterCall = code.after(nameIndex + 1)
        let comparedAfter = code.kind(afterCall) == .operator && !code.startsLine[min(afterCall, code.count - 1)]
        if code.isKeyword(p, "return") { return comparedAfter ? .usedInPlace : .returned }
        if code.is(p, "=") {
            if code.isIdentifier(p - 1, "_") { return .discarded }
            // `let status: OSStatus = SecItemAdd(…)`: the name before the type annotation.
            if code.kind(p - 1) == .identifier && code.kind(p - 2) == .colon && code.kind(p - 3) == .identifier
                && (code.isKeyword(p - 4, "let") || code.isKeyword(p - 4, "var")) && !comparedAfter {
                return .bound(name: code.text(p - 3))
            }
            if code.kind(p - 1) == .identifier && !comparedAfter { return .bound(name: code.text(p - 1)) }
            return .usedInPlace
        }
        // `{ SecItemCopyMatching(q as CFDictionary, $0) }`: a single-expression closure (or a function
        // with a result) returns the status; alone in an `if`/`else` block it is a statement.
        if code.kind(p) == .leftBrace && code.kind(afterCall) == .rightBrace && code.blockReturnsItsExpression(opening: p) {
            return .returned
        }
        // `{ pointer in SecItemAdd(q, pointer) }`: the same, after the closure's parameters.
        if code.isKeyword(p, "in"), code.kind(afterCall) == .rightBrace, code.partner[afterCall] >= 0 {
            let open = Int(code.partner[afterCall])
            if Int(code.enclosingBraces[p]) == open && code.blockKind(opening: open) == .closure { return .returned }
        }
        if p < 0 || code.startsStatement(p + 1) {
            return comparedAfter || code.kind(afterCall) == .period ? .usedInPlace : .discarded
        }
        return .usedInPlace
    }
}
