import KeychainLintSyntax

/// The first pass: what this file declares that other files may name.
extension DictionaryExtractor {
    /// Aliases are short (`String(kSecClass)`, `kSecAttrService as AnyHashable`); longer
    /// initializers are not evaluated, which keeps the pass cheap on files full of properties.
    private static let maxAliasTokens = 12

    func declaredSymbols() -> FileSymbols {
        var out = FileSymbols()
        var aliases = AliasTable(nameCount: code.names.count)
        for binding in declarations.bindings.elements where binding.isMember {
            // `private let Class = kSecClass as String`: no other file can name it, so it is not
            // offered (another file's own `Class` stays unresolved, and a file that mentions the
            // word is not read again for it).
            if code.isFilePrivate(declaredAt: binding.nameIndex) { continue }
            let initializer = binding.initializer
            let isStatic = binding.owner != nil && code.isTypeMember(declaredAt: binding.nameIndex)
            if initializer.count == 1, code.kind(initializer.lowerBound) == .identifier,
               let op = KeychainOperation(functionName: code.text(initializer.lowerBound)) {
                out.functionAliases[FileSymbols.key(code.spelling(binding.nameID), owner: isStatic ? binding.owner.map(code.spelling) : nil)] = op
                continue
            }
            var value = KeychainValue.unknown
            if initializer.count <= Self.maxAliasTokens, mentionsSecurityConstant(initializer) {
                value = constantValue(of: binding)
            }
            let isAlias = aliases.add(binding.nameID, owner: binding.owner, isStatic: isStatic, value)
            // Asked of the name's bytes first: most names fail, and only the shadowing ones become strings.
            if !isAlias && code.identifier(binding.nameIndex, hasPrefix: "kSec") {
                out.shadowedSecurityNames.insert(code.spelling(binding.nameID))
            }
        }
        let bodies = declarations.bodies
        for id in bodies.names {
            bodies.forEach(in: id) { getter in
                guard getter.parameterOpen == nil, !code.isFilePrivate(declaredAt: getter.nameIndex) else { return }
                aliases.add(id, owner: getter.owner, isStatic: getter.owner != nil && code.isTypeMember(declaredAt: getter.nameIndex),
                            computedConstant(named: id, owner: getter.owner) ?? .unknown)
            }
            if bodies.contains(in: id, where: { $0.parameterOpen != nil }), !bodies.contains(in: id, where: { !mayPassThrough($0) }),
               isPassThrough(named: id) {
                out.passThroughFunctions.insert(code.spelling(id))
            }
        }
        out.constants = aliases.exported(code)
        var helperIDs: [Bool] = []
        for id in bodies.names where bodies.contains(in: id, where: { $0.declaresDictionary && !$0.isLocal && !code.isFilePrivate(declaredAt: $0.nameIndex) }) {
            // A helper built on a dictionary this file cannot read is not offered: others would take it as complete.
            // (The index is where a foreign helper's entries would go; this one is the file's own.)
            if let entries = helperEntries(named: id, at: 0), !openHelpers.contains(id),
               entries.contains(where: { $0.key.hasPrefix("kSec") }) {
                out.helpers[code.spelling(id)] = entries
                if helperIDs.isEmpty { helperIDs = [Bool](repeating: false, count: code.names.count) }
                helperIDs[Int(id)] = true
            }
        }
        out.summaries = exportedSummaries()
        out.memberHelpers = exportedMemberHelpers()
        out.statusHandlers = StatusHandling.exported(declarations, code: code)
        out.caseConstants = exportedCaseConstants()
        out.dictionaryTypeAliases = code.exportedDictionaryTypeAliases
        for id in declarations.storedMembers.names where (helperIDs.isEmpty || !helperIDs[Int(id)]) && !declarations.memberInitializers.contains(id) {
            // One type's property only: two types' values of one name are told apart by `memberHelpers`.
            let members = declarations.storedMembers[id]
            guard members.count == 1, !code.isFilePrivate(declaredAt: members[0].nameIndex) else { continue }
            if let entries = initializedPropertyEntries(named: id, owners: nil), !openHelpers.contains(id), entries.contains(where: { $0.key.hasPrefix("kSec") }) {
                out.helpers[code.spelling(id)] = entries
            }
        }
        for id in declarations.memberInitializers.names where helperIDs.isEmpty || !helperIDs[Int(id)] {
            guard declarations.memberInitializers.contains(in: id, where: { code.kind($0.lowerBound) == .leftBracket }) else { continue }
            if let entries = helperEntries(named: id, at: 0), !entries.isEmpty {
                out.helpers[code.spelling(id)] = entries
            }
        }
        return out
    }

    /// `KeychainCalls.add(…)`: a type's name before the call reaches that type's static reference
    /// only; a bare call or one through a value (`store(…)`, `vault.store(…)`) reaches an instance
    /// property's or a file-level binding's (`FileSymbols.functionAliases`).
    func projectAlias(calledAt index: Int, bare: KeychainOperation?) -> KeychainOperation? {
        guard !symbols.functionAliases.isEmpty else { return nil }
        // `.store(name, data)` with no receiver (`case let .store(…)`, `f(.store(…))`): an enum
        // case or a static member of the type the context expects, never a stored function value.
        if code.kind(index - 1) == .period, !endsValue(index - 2) { return nil }
        if code.kind(index - 1) == .period, code.kind(index - 2) == .identifier, startsUppercase(index - 2) {
            return symbols.functionAliases[FileSymbols.key(code.text(index), owner: code.text(index - 2))]
        }
        // `service.remove(q)` with `service: RecordService` and `RecordService.remove(_:)` a method:
        // that method, not another type's `var remove = SecItemDelete`.
        if bare != nil, code.kind(index - 1) == .period, let type = receiverType(ofMemberAt: index), declaresMethod(type, named: index) { return nil }
        return bare
    }

    /// Whether the type `type` has a function named as the token at `name`, in this file or in
    /// the project's summaries.
    private func declaresMethod(_ type: Int32, named name: Int) -> Bool {
        if declarations.bodies.first(in: code.nameID(name), where: { $0.owner == type && $0.parameterOpen != nil }) != nil { return true }
        let prefix = code.spelling(type) + "." + code.text(name) + "("
        return symbols.summaries[code.text(name)]?.contains { $0.route.hasPrefix(prefix) } ?? false
    }

    /// Whether the token at `i` ends an expression a `.member` can follow (a receiver).
    func endsValue(_ i: Int) -> Bool {
        switch code.kind(i) {
        case .identifier, .rightParen, .rightBracket, .stringEnd, .integerLiteral, .floatLiteral: return true
        case .keyword: return code.isKeyword(i, "self") || code.isKeyword(i, "Self") || code.isKeyword(i, "super")
        default: return code.is(i, "?") || code.is(i, "!")
        }
    }

    /// A constant another file declares (`private let Class = String(kSecClass)` elsewhere).
    /// `owner` first tries the type-qualified name (`VaultKeys.service`), which stays unique when
    /// two types of the tree both have a `service`. The caller consults the name.
    func projectConstant(named name: String, owner: String? = nil) -> KeychainValue? {
        if symbols.constants.isEmpty { return nil }
        if let owner, let qualified = symbols.constants[owner + "." + name] { return qualified }
        return symbols.constants[name]
    }

    /// Whether the name at `index` can stand for a dictionary here: a dictionary property or helper
    /// of this file, or a helper or constant another file declares.
    func namesADictionary(at index: Int) -> Bool {
        let id = code.nameID(index)
        if declarations.memberInitializers.contains(id) || declarations.bodies.contains(id) || declarations.storedMembers.contains(id) { return true }
        if symbols.helpers.isEmpty && symbols.constants.isEmpty { return false }
        let name = code.text(index)
        return symbols.helpers[name] != nil || symbols.constants[name] != nil
    }

    private func mentionsSecurityConstant(_ range: Range<Int>) -> Bool {
        range.contains { code.kind($0) == .identifier && code.source.token(code.tokens[$0], hasPrefix: "kSec") }
    }
}

/// The aliases one file exports: `name` when every member of that name in the file is the same
/// alias, and `Type.name` for each type's own, so `VaultKeys.service` stays readable when another
/// type of the file has a `service` of its own. A static member is exported as `Type.name` only:
/// code outside its type reaches it only so, and a bare `service` elsewhere (a parameter, another
/// type's property) is not it.
///
/// Most members are no alias, and a name none of whose members is one exports nothing: the
/// table keeps every member by name id and makes keys only for names that have an alias.
private struct AliasTable {
    private var members: [(name: Int32, owner: Int32?, isStatic: Bool, alias: KeychainValue?)] = []
    /// By name id: some member of that name is an alias.
    private var hasAlias: [Bool]

    init(nameCount: Int) {
        hasAlias = [Bool](repeating: false, count: nameCount)
    }

    /// Returns whether `value` is an alias of a `kSec…` constant.
    @discardableResult
    mutating func add(_ name: Int32, owner: Int32?, isStatic: Bool, _ value: KeychainValue) -> Bool {
        let alias: KeychainValue? = if case .symbol(let s) = value, s.hasPrefix("kSec") { value } else { nil }
        members.append((name, owner, isStatic, alias))
        if alias != nil { hasAlias[Int(name)] = true }
        return alias != nil
    }

    func exported(_ code: CodeView) -> [String: KeychainValue] {
        var values: [String: KeychainValue?] = [:]
        func record(_ key: String, _ alias: KeychainValue?) {
            if let existing = values[key] {
                if existing != alias { values[key] = .some(nil) }
            } else {
                values[key] = .some(alias)
            }
        }
        for member in members where hasAlias[Int(member.name)] {
            let name = code.spelling(member.name)
            if !member.isStatic { record(name, member.alias) }
            if let owner = member.owner { record(code.spelling(owner) + "." + name, member.alias) }
        }
        return values.compactMapValues { $0 }
    }
}
