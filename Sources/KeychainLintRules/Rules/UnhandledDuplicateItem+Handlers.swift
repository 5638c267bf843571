import KeychainLintModel

/// A status handed to a function of the file, or of another file of the project, that throws an
/// error carrying it, or compares it with errSecDuplicateItem (`try check(SecItemAdd(…))`,
/// `let s = SecItemAdd(…); try check(s)`): the status reaches code that can tell a duplicate
/// apart, as if that were written in place.
extension UnhandledDuplicateItem {
    /// `call`'s status is an argument of a function (in place, or through the name it is bound to)
    /// whose matching parameter the function throws inside an error or compares with
    /// errSecDuplicateItem.
    static func passesStatusToHandler(_ call: KeychainCall, file: KeychainFile) -> Bool {
        let code = file.code
        switch call.status {
        case .usedInPlace:
            var start = call.codeIndex
            while code.isKeyword(start - 1, "try") || code.isKeyword(start - 1, "await") { start -= 1 }
            return handles(argumentStartingAt: start, file: file)
        case .bound(let name):
            // In unbalanced code the body read around the call may end before it: then nothing follows.
            let reach = min(file.enclosingFunctionBody(of: call.codeIndex).upperBound, call.codeIndex + OperationSites.statementReach)
            guard reach > call.codeIndex else { return false }
            return (call.codeIndex..<reach).contains { i in
                code.kind(i) == .identifier && code.text(i) == name && code.kind(i - 1) != .period
                    && handles(argumentStartingAt: i, file: file)
            }
        default:
            return false
        }
    }

    /// The expression at `start` is a whole argument (`f(x)`, `f(a, status: x)`) of a call of a
    /// function whose parameter there is handled: one of this file, or one another file offers
    /// (`FileSymbols.statusHandlers`).
    private static func handles(argumentStartingAt start: Int, file: KeychainFile) -> Bool {
        let code = file.code
        var p = start - 1
        if code.kind(p) == .colon, code.kind(p - 1) == .identifier { p -= 2 }  // `status: x`
        guard code.kind(p) == .leftParen || code.kind(p) == .comma else { return false }
        // The `(` of the argument list, and the argument's position in it.
        var open = p
        var position = 0
        while open >= 0, code.kind(open) != .leftParen {
            if code.kind(open) == .comma { position += 1 }
            if (code.kind(open) == .rightParen || code.kind(open) == .rightBracket || code.kind(open) == .rightBrace) && code.partner[open] >= 0 {
                open = Int(code.partner[open])
            }
            if code.kind(open) == .leftBrace || code.kind(open) == .leftBracket || code.kind(open) == .semicolon { return false }
            open -= 1
        }
        guard open > 0, code.kind(open - 1) == .identifier else { return false }
        let arguments = code.elements(of: open)
        guard position < arguments.count, arguments[position].lowerBound <= start, start < arguments[position].upperBound else { return false }
        if file.functionParameters(calledAt: open - 1, position: position).contains(where: { handler in
            StatusHandling.handles(parameter: handler.parameter, body: handler.body, code: code)
        }) { return true }
        // A function of another file (`try SecKey.check(status: SecItemAdd(…))`), by name, position and label.
        return file.projectHandlesStatus(calledAt: open - 1, position: position, label: code.label(of: arguments[position]) ?? "_")
    }

    /// `if let error = status.error { return error.code }`: a value made from the status (not its
    /// text) returned to the caller, who can tell a duplicate apart as with `return status`; or
    /// a value made with it (`return OperationResult(status: status, result: r)`).
    ///
    /// Also `result = ResultCode(rawValue: status)` into a variable declared before, then
    /// `return result` later in the function, outside the status's block.
    static func returnsValue(carrying name: String, after call: KeychainCall, file: KeychainFile) -> Bool {
        let code = file.code
        let scope = scope(ofBindingAt: call.codeIndex, named: name, in: code)
        let names = StatusHandling.derivedNames(from: name, in: scope, code: code)
        // `return OperationResult(status: status, result: result)`: like an error thrown with it.
        for i in scope where code.isKeyword(i, "return") && i + 1 < code.count && !code.startsLine[i + 1] {
            if StatusHandling.makesValue(carrying: names, expression: (i + 1)..<code.expressionEnd(from: i + 1), code: code) { return true }
        }
        let assigned = StatusHandling.assignedNames(carrying: names, in: scope, code: code)
        let body = file.enclosingFunctionBody(of: call.codeIndex)
        let rest = assigned.isEmpty || body.upperBound <= call.codeIndex ? scope : call.codeIndex..<min(body.upperBound, call.codeIndex + OperationSites.statementReach)
        for i in rest where code.isKeyword(i, "return") && code.kind(i + 1) == .identifier
            && (names.contains(code.text(i + 1)) || assigned.contains(code.text(i + 1)))
            && (scope.contains(i) || assigned.contains(code.text(i + 1))) {
            var end = i + 2
            if code.kind(end) == .period && code.kind(end + 1) == .identifier {
                if code.isIdentifier(end + 1, "description") || code.isIdentifier(end + 1, "localizedDescription") { continue }
                end += 2
            }
            if end >= code.count || code.startsLine[end] || code.kind(end) == .rightBrace || code.kind(end) == .semicolon { return true }
        }
        return false
    }
}
