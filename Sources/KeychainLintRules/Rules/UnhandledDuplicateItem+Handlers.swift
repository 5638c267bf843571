import KeychainLintModel

/// A status handed to a function of the file that throws an error carrying it, or compares it
/// with errSecDuplicateItem (`try check(SecItemAdd(…))`, `let s = SecItemAdd(…); try check(s)`):
/// the status reaches code that can tell a duplicate apart, as if that were written in place.
extension UnhandledDuplicateItem {
    /// `call`'s status is an argument of a same-file function (in place, or through the name it is
    /// bound to) whose matching parameter the function throws inside an error or compares with
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
    /// same-file function whose parameter there is handled.
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
        return file.functionParameters(calledAt: open - 1, position: position).contains { handler in
            let body = handler.body
            if file.mentions("errSecDuplicateItem", in: body) { return true }
            return throwsError(carrying: derivedNames(from: handler.parameter, in: body, code: code), in: body, code: code)
        }
    }

    /// `name` and the locals made from it by conversion or as an argument of an error's
    /// initializer (`let copy = Int32(status)`, `let error = E.unexpected(copy, text)`), in order:
    /// not text made from it (`SecCopyErrorMessageString(status, nil)`, `"\(status)"`, `.description`).
    static func derivedNames(from name: String, in body: Range<Int>, code: CodeView) -> Set<String> {
        var names: Set<String> = [name]
        for i in body where (code.isKeyword(i, "let") || code.isKeyword(i, "var")) && code.kind(i + 1) == .identifier && code.is(i + 2, "=") {
            let end = max(i + 3, code.expressionEnd(from: i + 3))
            let value = (i + 3)..<end
            guard !value.isEmpty, code.kind(value.lowerBound) != .stringStart,
                  !code.isIdentifier(value.lowerBound, "SecCopyErrorMessageString"), !code.isIdentifier(value.lowerBound, "String") else { continue }
            var j = value.lowerBound
            var carries = false
            while j < end {
                if code.kind(j) == .stringStart { j = code.after(j); continue }
                if code.kind(j) == .identifier, code.kind(j - 1) != .period, names.contains(code.text(j)),
                   !(code.kind(j + 1) == .period && (code.isIdentifier(j + 2, "description") || code.isIdentifier(j + 2, "localizedDescription"))) {
                    carries = true
                }
                j += 1
            }
            if carries { names.insert(code.text(i + 1)) }
        }
        return names
    }

    /// `if let error = status.error { return error.code }`: a value made from the status (not its
    /// text) returned to the caller, who can tell a duplicate apart as with `return status`.
    static func returnsValue(carrying name: String, after call: KeychainCall, file: KeychainFile) -> Bool {
        let code = file.code
        let scope = scope(ofBindingAt: call.codeIndex, named: name, in: code)
        let names = derivedNames(from: name, in: scope, code: code)
        for i in scope where code.isKeyword(i, "return") && code.kind(i + 1) == .identifier && names.contains(code.text(i + 1)) {
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
