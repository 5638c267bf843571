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
            guard code.isKeyword(i, "throw") else { return false }
            let end = code.expressionEnd(from: i + 1)
            var j = i + 1
            while j < end {
                // A string's text and interpolations are the error's message, not its value.
                if code.kind(j) == .stringStart { j = code.after(j); continue }
                if code.kind(j) == .identifier, code.kind(j - 1) != .period, names.contains(code.text(j)) { return true }
                j += 1
            }
            return false
        }
    }

    /// `name` and the locals made from it by conversion or as an argument of an error's
    /// initializer (`let copy = Int32(status)`, `let error = E.unexpected(copy, text)`), in order:
    /// not text made from it (`SecCopyErrorMessageString(status, nil)`, `"\(status)"`, `.description`).
    package static func derivedNames(from name: String, in body: Range<Int>, code: CodeView) -> Set<String> {
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
                for (position, parameter) in code.elements(of: open).enumerated() {
                    guard let name = code.parameterName(parameter),
                          (name + 1..<parameter.upperBound).contains(where: { code.nameID($0) == statusID }) else { continue }
                    let interior = (body.open + 1)..<max(body.open + 1, code.after(body.open) - 1)
                    let label = name > parameter.lowerBound ? code.text(parameter.lowerBound) : code.text(name)
                    let key = key(function: code.spelling(id), position: position, label: label)
                    out[key] = (out[key] ?? true) && handles(parameter: code.text(name), body: interior, code: code)
                }
            }
        }
        return out
    }
}
