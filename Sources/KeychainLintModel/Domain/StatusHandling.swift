import KeychainLintSyntax

/// Where an operation's status reaches code that can tell a duplicate apart: a comparison with
/// errSecDuplicateItem, or a thrown error that carries the status as a value. Read by
/// `unhandled-duplicate-item` in the function that makes the call, and by the first pass for the
/// functions a file offers others (`FileSymbols.statusHandlers`): `try SecKey.check(status: s)`
/// hands the status to a function of another file that throws an `NSError` whose code it is.
package enum StatusHandling {
    /// Whether the function whose body is `body` compares with errSecDuplicateItem, or throws an
    /// error carrying its parameter `parameter` (or a value made from it).
    package static func handles(parameter: String, body: Range<Int>, code: CodeView) -> Bool {
        if body.contains(where: { code.kind($0) == .identifier && code.is($0, "errSecDuplicateItem") }) { return true }
        return throwsError(carrying: derivedNames(from: parameter, in: body, code: code), in: body, code: code)
    }

    /// A `throw` in `range` whose expression names one of `names` as a value, outside string literals.
    package static func throwsError(carrying names: Set<String>, in range: Range<Int>, code: CodeView) -> Bool {
        guard !names.isEmpty else { return false }
        return range.contains { i in
            code.isKeyword(i, "throw") && carries(names, in: (i + 1)..<code.expressionEnd(from: i + 1), code: code, textMembers: true)
        }
    }

    /// `OperationResult(status: status, result: r)`, `.failure(KeychainError(status))`: a call or
    /// an enum case made with one of `names` among its arguments, the whole of `expression`. A
    /// comparison (`status == errSecSuccess`) is a `Bool`, not the status, and text is no value.
    package static func makesValue(carrying names: Set<String>, expression: Range<Int>, code: CodeView) -> Bool {
        var j = expression.lowerBound
        if code.kind(j) == .period { j += 1 }
        guard code.kind(j) == .identifier, !startsText(j, code: code) else { return false }
        while code.kind(j + 1) == .period && code.kind(j + 2) == .identifier { j += 2 }
        guard code.kind(j + 1) == .leftParen, code.after(j + 1) == expression.upperBound else { return false }
        for argument in code.elements(of: j + 1) where !argument.isEmpty {
            let value = code.droppingLabel(argument)
            if value.count == 1, code.kind(value.lowerBound) == .identifier, names.contains(code.text(value.lowerBound)) { return true }
            if makesValue(carrying: names, expression: value, code: code) { return true }
        }
        return false
    }

    /// `name` and the locals made from it by conversion or as an argument of an error's
    /// initializer (`let copy = Int32(status)`, `let error = E.unexpected(copy, text)`), in order:
    /// not text made from it (`SecCopyErrorMessageString(status, nil)`, `"\(status)"`, `.description`).
    package static func derivedNames(from name: String, in body: Range<Int>, code: CodeView) -> Set<String> {
        var names: Set<String> = [name]
        for i in body where (code.isKeyword(i, "let") || code.isKeyword(i, "var")) && code.kind(i + 1) == .identifier && code.is(i + 2, "=") {
            let value = (i + 3)..<max(i + 3, code.expressionEnd(from: i + 3))
            if !value.isEmpty, !startsText(value.lowerBound, code: code), carries(names, in: value, code: code, textMembers: false) {
                names.insert(code.text(i + 1))
            }
        }
        return names
    }

    /// Variables declared elsewhere that a statement of `range` sets to a value made from one of
    /// `names` (`result = ResultCode(rawValue: status)`), not to text made from it.
    package static func assignedNames(carrying names: Set<String>, in range: Range<Int>, code: CodeView) -> Set<String> {
        var assigned: Set<String> = []
        for i in range where code.kind(i) == .identifier && code.is(i + 1, "=") && code.startsStatement(i)
            && !code.isKeyword(i - 1, "let") && !code.isKeyword(i - 1, "var") {
            let value = (i + 2)..<max(i + 2, code.expressionEnd(from: i + 2))
            if !value.isEmpty, !startsText(value.lowerBound, code: code), carries(names, in: value, code: code, textMembers: true) {
                assigned.insert(code.text(i))
            }
        }
        return assigned
    }

    /// Whether `expression` names one of `names` as a value: outside string literals (a string's
    /// text and interpolations are a message, not the value), not as another value's member, and,
    /// unless `textMembers`, not as `.description`/`.localizedDescription` of one.
    private static func carries(_ names: Set<String>, in expression: Range<Int>, code: CodeView, textMembers: Bool) -> Bool {
        var j = expression.lowerBound
        while j < expression.upperBound {
            if code.kind(j) == .stringStart { j = code.after(j); continue }
            if code.kind(j) == .identifier, code.kind(j - 1) != .period, names.contains(code.text(j)),
               textMembers || !(code.kind(j + 1) == .period && (code.isIdentifier(j + 2, "description") || code.isIdentifier(j + 2, "localizedDescription"))) {
                return true
            }
            j += 1
        }
        return false
    }

    /// An expression that starts as text: a string literal, `String(…)`, `SecCopyErrorMessageString(…)`.
    private static func startsText(_ start: Int, code: CodeView) -> Bool {
        code.kind(start) == .stringStart || code.isIdentifier(start, "SecCopyErrorMessageString") || code.isIdentifier(start, "String")
    }

    /// The key of a function's parameter in `FileSymbols.statusHandlers`: its name, the position
    /// and the argument label (`_` for none) of the parameter (`check 0 status`).
    package static func key(function: String, position: Int, label: String) -> String {
        "\(function) \(position) \(label)"
    }

    /// The function name of a `key(function:position:label:)`.
    package static func function(ofKey key: String) -> String {
        key.split(separator: " ", maxSplits: 1).first.map(String.init) ?? key
    }
}

extension StatusHandling {
    /// The parameters of type `OSStatus` of the functions others can call, by
    /// `key(function:position:label:)`: whether the function handles each
    /// (`handles(parameter:body:code:)`). Both answers are kept, so that two functions of one key
    /// that disagree cancel out when the project's files are merged. Initializers are left out: a
    /// status thrown inside a new error is read where it is thrown.
    static func exported(_ declarations: Declarations, code: CodeView) -> [String: Bool] {
        var out: [String: Bool] = [:]
        guard let statusID = code.nameID(of: "OSStatus") else { return out }
        let bodies = declarations.bodies
        for id in bodies.names {
            bodies.forEach(in: id) { body in
                guard let open = body.parameterOpen, !body.isLocal, !code.isKeyword(body.nameIndex, "init"),
                      !code.isFilePrivate(declaredAt: body.nameIndex) else { return }
                let labels = FunctionParameters(code: code, open: open).signature.parameters.map(\.label)
                for (position, parameter) in code.elements(of: open).enumerated() where position < labels.count {
                    guard let name = code.parameterName(parameter),
                          (name + 1..<parameter.upperBound).contains(where: { code.nameID($0) == statusID }) else { continue }
                    let interior = (body.open + 1)..<max(body.open + 1, code.after(body.open) - 1)
                    let key = key(function: code.spelling(id), position: position, label: labels[position])
                    out[key] = (out[key] ?? true) && handles(parameter: code.text(name), body: interior, code: code)
                }
            }
        }
        return out
    }
}
