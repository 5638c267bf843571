import KeychainLintSyntax

/// Which wrapper instance a receiver names. An instance's settings belong to that variable in
/// its scope: a `KeychainSwift()` local of one function says nothing about a same-named local of
/// another, while a stored property keeps what `init` set across its type's methods.
enum WrapperInstance: Hashable {
    /// A `let`/`var` with an initializer (a local, or a stored property), by the code index of its name.
    case binding(Int)
    /// A parameter, by the `{` of the function it belongs to and its name.
    case parameter(body: Int, name: Int32)
    /// A name declared without an initializer (`let keychain: KeychainSwift`, set in `init`), by the
    /// type whose code uses it and the name.
    case member(owner: Int32?, name: Int32)
}

/// KeychainSwift: settings are properties of an instance, assigned before its calls.
extension WrapperExtractor {
    /// `keychain.accessGroup = …`, `keychain.synchronizable = true` on an instance, and
    /// `set(_:forKey:withAccess:)` on it; the deprecated `.accessibleAlways…` cases wherever
    /// KeychainSwift's option is produced (`WrapperExtractor+OptionContext`).
    func readKeychainSwift() {
        var syncAssignments: [WrapperInstance: [(index: Int, entry: KeychainEntry)]] = [:]
        for j in 1..<max(1, code.count) where code.kind(j) == .period && code.kind(j - 1) == .identifier
            && code.kind(j + 1) == .identifier && code.is(j + 2, "=") {
            let isGroup = code.isIdentifier(j + 1, "accessGroup")
            guard isGroup || code.isIdentifier(j + 1, "synchronizable") else { continue }
            guard let instance = keychainSwiftInstance(at: j - 1),
                  let entry = entry(key: isGroup ? "kSecAttrAccessGroup" : "kSecAttrSynchronizable", at: j + 1,
                                    value: (j + 3)..<code.expressionEnd(from: j + 3)) else { continue }
            if isGroup { emit(.keychainSwift, [entry]) } else { syncAssignments[instance, default: []].append((j, entry)) }
        }
        for j in 0..<code.count where code.kind(j) == .period && code.isIdentifier(j + 1, "set") && code.kind(j + 2) == .leftParen {
            guard let access = argumentEntries(of: j + 2, keys: ["withAccess": "kSecAttrAccessible"]).first else { continue }
            var entries = [access]
            if !syncAssignments.isEmpty, code.kind(j - 1) == .identifier,
               let assignments = syncAssignments[instance(at: j - 1)], let sync = synchronizable(at: j, assignments) {
                entries.insert(sync, at: 0)
            }
            emit(.keychainSwift, entries)
        }
        for j in 1..<max(1, code.count) where code.kind(j) == .identifier && code.kind(j - 1) == .period {
            guard code.isIdentifier(j, "accessibleAlways") || code.isIdentifier(j, "accessibleAlwaysThisDeviceOnly"),
                  let constant = WrapperLibrary.accessibilityConstant(forCase: code.text(j)),
                  producesKeychainSwiftOption(at: j) else { continue }
            emit(.keychainSwift, [KeychainEntry(key: "kSecAttrAccessible", value: .symbol(constant), keyOffset: code.offset(j),
                                                valueOffset: code.offset(j), region: code.region[j])])
        }
    }

    /// The instance a receiver names when it may be a KeychainSwift: unless the file binds the name
    /// to something else (a stored property without an initialiser, or a parameter, is taken).
    private func keychainSwiftInstance(at index: Int) -> WrapperInstance? {
        let (instance, binding) = resolveInstance(at: index)
        guard let binding else { return instance }
        let header = (binding.nameIndex + 1)..<binding.initializer.lowerBound
        if header.contains(where: { code.isIdentifier($0, "KeychainSwift") }) { return instance }
        var a = binding.initializer.lowerBound
        while code.isKeyword(a, "try") { a += 1 }
        return code.isIdentifier(a, "KeychainSwift") ? instance : nil
    }

    /// The variable the receiver at `index` names, in its scope.
    func instance(at index: Int) -> WrapperInstance { resolveInstance(at: index).instance }

    /// The variable the receiver at `index` names, with its binding when it has one. A local
    /// shadows a parameter, which shadows a stored property; `self.name` is the stored property.
    private func resolveInstance(at index: Int) -> (instance: WrapperInstance, binding: Declarations.Binding?) {
        let name = code.nameID(index)
        let isSelfQualified = code.kind(index - 1) == .period && code.isKeyword(index - 2, "self")
        if !isSelfQualified {
            if let local = initializer(at: index), !local.isMember { return (.binding(local.nameIndex), local) }
            if let body = functionBody(withParameter: name, around: index) { return (.parameter(body: body, name: name), nil) }
        }
        let owner = enclosingTypeName(of: index)
        let member = isSelfQualified ? extractor.declarations.memberBinding(named: name, owner: owner) : initializer(at: index)
        // A member binding is seen file-wide: it may be another type's property of the same name.
        if let member, member.owner == nil || owner == nil || member.owner == owner { return (.binding(member.nameIndex), member) }
        return (.member(owner: owner, name: name), nil)
    }

    /// The instance's `synchronizable` when `set` runs at `index`: the last assignment before it in
    /// the same function, else the assignments made elsewhere (setup code) when they all agree.
    private func synchronizable(at index: Int, _ assignments: [(index: Int, entry: KeychainEntry)]) -> KeychainEntry? {
        let body = code.enclosingFunctionBody(of: index)
        if let last = assignments.last(where: { body.contains($0.index) && $0.index < index }) { return last.entry }
        let elsewhere = assignments.filter { !body.contains($0.index) }
        guard let first = elsewhere.first, elsewhere.allSatisfy({ $0.entry.value == first.entry.value }) else { return nil }
        return first.entry
    }

    // MARK: Scopes

    /// The `{` of the block that directly encloses `index`, or nil at file level.
    func enclosingBrace(of index: Int) -> Int? {
        var j = index - 1
        var steps = 0
        defer { code.work += steps }
        while j >= 0 {
            steps += 1
            switch code.kind(j) {
            case .rightBrace, .rightParen, .rightBracket, .stringEnd, .interpolationEnd:
                let opener = Int(code.partner[j])
                j = opener >= 0 ? opener - 1 : j - 1
            case .leftBrace:
                return j
            default:
                j -= 1
            }
        }
        return nil
    }

    /// The name of the type (or extension) whose body encloses `index`.
    func enclosingTypeName(of index: Int) -> Int32? {
        var at = index
        while let open = enclosingBrace(of: at) {
            if code.blockKind(opening: open) == .type { return Declarations.typeName(opening: open, code: code) }
            at = open
        }
        return nil
    }

    /// The `{` of the function around `index` when one of its parameters is called `name`.
    private func functionBody(withParameter name: Int32, around index: Int) -> Int? {
        let body = code.enclosingFunctionBody(of: index)
        guard body.lowerBound > 0, let keyword = declarationKeyword(ofBodyAt: body.lowerBound - 1),
              code.isKeyword(keyword, "func") || code.isKeyword(keyword, "init") || code.isKeyword(keyword, "subscript"),
              let open = (keyword..<(body.lowerBound - 1)).first(where: { code.kind($0) == .leftParen }) else { return nil }
        let declares = code.elements(of: open).contains { parameter in
            code.parameterName(parameter).map { code.nameID($0) == name } ?? false
        }
        return declares ? body.lowerBound - 1 : nil
    }

    /// The `func`/`init`/`subscript`/`var`/`let` that introduces the body opened at `open`.
    func declarationKeyword(ofBodyAt open: Int) -> Int? {
        var j = open - 1
        var steps = 0
        defer { code.work += steps }
        while j >= 0, steps < CodeView.maxExpressionSteps {
            steps += 1
            switch code.kind(j) {
            case .rightParen, .rightBracket:
                let opener = Int(code.partner[j])
                guard opener >= 0 else { return nil }
                j = opener - 1
                continue
            case .leftBrace, .rightBrace, .semicolon:
                return nil
            case .keyword:
                for word: StaticString in ["func", "init", "subscript", "var", "let"] where code.isKeyword(j, word) { return j }
            default:
                break
            }
            j -= 1
        }
        return nil
    }
}
