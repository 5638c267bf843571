/// Calls through a stored reference to a Security function (`var store: StoreFunction = SecItemAdd`,
/// kept so tests can replace it). Its name is one apps give their own methods too (Auth0's
/// `credentialsManager.store(credentials:)`, `storage.store(transaction)`): what the call looks
/// like tells them apart, since Swift calls a function value only one way.
extension DictionaryExtractor {
    /// Whether the call whose `(` is at `open` can be a call of a function value: no argument
    /// labels, and every argument passed — a closure has neither labels nor defaults.
    /// `store(credentials: c)` or `store(transaction)` is not `SecItemAdd` through `store`.
    func callsFunctionValue(open: Int, arguments count: Int) -> Bool {
        let arguments = code.elements(of: open)
        guard arguments.count == count else { return false }
        return !arguments.contains { code.label(of: $0) != nil }
    }
}

/// Operations handed in by name so that tests can replace them: a parameter whose default is one
/// (`init(add: @escaping AddFunction = SecItemAdd)`, kept as `self.add = add`), or an argument
/// that passes one to a parameter (`self.init(keyQuery: SecItemCopyMatching)`, then
/// `getKey(keyQuery: keyQuery)`). The parameter, the property it is kept in and every parameter it
/// is passed on to share the name, so within the file the name stands for that operation when
/// nothing gives it another (no function of that name, no other operation handed under it).
extension DictionaryExtractor {
    /// By name id: the operation the file hands in under that name, nil for none or for two.
    func injectedOperation(named id: Int32) -> KeychainOperation? {
        if injectedOperations == nil { injectedOperations = Self.injectedOperations(code, nameOccurrences) }
        return injectedOperations![id] ?? nil
    }

    private static func injectedOperations(_ code: CodeView, _ occurrences: [Int32: [Int32]]) -> [Int32: KeychainOperation?] {
        var out: [Int32: KeychainOperation?] = [:]
        for op in KeychainOperation.allCases {
            guard let id = code.nameID(of: op.rawValue), let places = occurrences[id] else { continue }
            for place in places {
                let i = Int(place)
                // A value, not a call: the next token ends the argument or parameter.
                guard i + 1 < code.count, code.kind(i + 1) == .comma || code.kind(i + 1) == .rightParen else { continue }
                guard let name = handedName(before: i, code) else { continue }
                if let known = out[name], known != op { out[name] = .some(nil) } else { out[name] = op }
            }
        }
        return out
    }

    /// The name the value at `i` is handed to: an argument's label (`keyQuery: SecItemCopyMatching`)
    /// or a parameter whose default it is (`add: @escaping AddFunction = SecItemAdd`).
    private static func handedName(before i: Int, _ code: CodeView) -> Int32? {
        if code.kind(i - 1) == .colon, i >= 3, code.kind(i - 2) == .identifier, code.kind(i - 3) == .leftParen || code.kind(i - 3) == .comma {
            return code.nameID(i - 2)
        }
        guard code.is(i - 1, "=") else { return nil }
        // Back over the parameter's type to the `,` or `(` that starts the parameter.
        var k = i - 2
        var colon = -1
        // Bounded: a parameter's type is short, and hostile input stays linear.
        let floor = max(0, i - Self.maxParameterTokens)
        while k >= floor {
            if code.kind(k) == .rightParen || code.kind(k) == .rightBracket {
                let open = Int(code.partner[k])
                guard open >= 0, open < k else { return nil }
                k = open - 1
                continue
            }
            if code.kind(k) == .leftParen || code.kind(k) == .comma { break }
            if code.kind(k) == .colon { colon = k }
            if code.kind(k) == .leftBrace || code.kind(k) == .rightBrace || code.kind(k) == .semicolon || startsDeclaration(k, code) { return nil }
            k -= 1
        }
        guard k >= floor, colon > k + 1, code.kind(colon - 1) == .identifier else { return nil }
        return code.nameID(colon - 1)
    }

    private static let maxParameterTokens = 256

    /// `let`, `var`, `func`, `case`: the value is a binding's or a statement's, not a parameter's default.
    private static func startsDeclaration(_ k: Int, _ code: CodeView) -> Bool {
        code.kind(k) == .keyword && (code.isKeyword(k, "let") || code.isKeyword(k, "var") || code.isKeyword(k, "func")
            || code.isKeyword(k, "case") || code.isKeyword(k, "return") || code.isKeyword(k, "guard") || code.isKeyword(k, "if"))
    }
}
