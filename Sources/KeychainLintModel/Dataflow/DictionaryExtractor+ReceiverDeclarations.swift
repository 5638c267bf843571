import KeychainLintSyntax

/// What the file says about the value a method is called on, when that value is a local of the
/// enclosing function or a stored property of the enclosing type (`let v = Vault.make()`,
/// `private let ops: KeychainOps = SystemOps()`, `self.store`). Without a compiler the type is
/// read from the declaration alone: its annotation, or an initializer that names the type.
enum DeclaredReceiver: Equatable {
    /// The name id of the type (its last component: `Keychain.Item` is filed under `Item`).
    case type(Int32)
    /// Declared here, but its type cannot be read (`let v = makeVault()`): a call through it
    /// resolves to nothing, rather than to every project method of that name.
    case unknown
}

extension DictionaryExtractor {
    /// Guards the recursion through rebindings (`guard let store = store`, `let a = b`).
    private static let maxRebindings = 4
    /// How far above a call its receiver's local declaration is looked for, in code tokens.
    private static let maxLocalDistance = 1024

    /// The declaration of the value `name` (at `receiver`, a use inside `body`) that the use sees:
    /// a local above it in the function, else a stored property of the type around the function.
    /// Nil when neither declares it (a global, an inherited property, a closure parameter).
    func declaredReceiver(_ receiver: Int, body: Range<Int>, onlyProperties: Bool = false, depth: Int = 0) -> DeclaredReceiver? {
        let name = code.nameID(receiver)
        guard name >= 0, depth < Self.maxRebindings else { return nil }
        if !onlyProperties, let local = localDeclaration(of: name, before: receiver, in: body) {
            return declaredType(bindingAt: local, body: body, depth: depth)
        }
        guard body.lowerBound > 0, let typeOpen = enclosingTypeBody(ofFunctionAt: body.lowerBound - 1) else { return nil }
        // Declared in this body of the type, else (a method in an extension) in another with an initializer.
        if let member = memberDeclaration(of: name, inTypeAt: typeOpen) {
            return declaredType(bindingAt: member, body: body, depth: depth)
        }
        guard let owner = Declarations.typeName(opening: typeOpen, code: code),
              let binding = declarations.memberBinding(named: name, owner: owner) else { return nil }
        return declaredType(bindingAt: binding.nameIndex - 1, body: body, depth: depth)
    }

    /// The `let`/`var` of the last local named `name` declared in `body` before `use` whose
    /// block still holds `use`.
    private func localDeclaration(of name: Int32, before use: Int, in body: Range<Int>) -> Int? {
        var j = use - 2
        // Bounded: asked at calls, a long function must not make each one a walk back to its start.
        let start = max(body.lowerBound, use - Self.maxLocalDistance)
        while j >= start {
            if code.nameID(j + 1) == name, code.isKeyword(j, "let") || code.isKeyword(j, "var") {
                let block = Int(code.enclosingBraces[j])
                if block < 0 || code.after(block) > use { return j }
            }
            j -= 1
        }
        return nil
    }

    /// The `{` of the type body a function body (opening at `open`) is declared in.
    private func enclosingTypeBody(ofFunctionAt open: Int) -> Int? {
        let outer = Int(code.enclosingBraces[open])
        guard outer >= 0, case .type = code.blockKind(opening: outer) else { return nil }
        return outer
    }

    /// The `let`/`var` declaring the stored or computed member `name` directly in the type body at
    /// `open` (the first, if several). The type's members are listed once: asked at calls through
    /// a property, a read of the whole type body each time was most of the cost of receivers.
    private func memberDeclaration(of name: Int32, inTypeAt open: Int) -> Int? {
        if let members = memberDeclarations[open] { return members[name] }
        var members: [Int32: Int] = [:]
        let close = code.after(open) - 1
        var j = open + 1
        while j < close - 1 {
            if code.kind(j) == .leftBrace {
                j = code.after(j)
                continue
            }
            let member = code.nameID(j + 1)
            if member >= 0, members[member] == nil, code.isKeyword(j, "let") || code.isKeyword(j, "var") { members[member] = j }
            j += 1
        }
        memberDeclarations[open] = members
        return members[name]
    }

    /// `let v: T …`, `let v = T(…)`, `let v = T.make()`; `.unknown` for anything else.
    private func declaredType(bindingAt d: Int, body: Range<Int>, depth: Int) -> DeclaredReceiver {
        let j = d + 2
        // `if let store {`, `guard let store else`: the same value, declared further out.
        if code.kind(j) == .leftBrace || code.kind(j) == .comma || code.isKeyword(j, "else") {
            return declaredReceiver(d + 1, body: body, depth: depth + 1) ?? .unknown
        }
        if code.kind(j) == .colon { return typeName(at: j + 1).map(DeclaredReceiver.type) ?? .unknown }
        guard code.is(j, "=") else { return .unknown }
        return initializerType(from: j + 1, body: body, depth: depth)
    }

    /// The type an initializer expression names: `T(…)`, `T.init(…)`, `A.B(…)`, a static member
    /// of `T` declared returning `T` or `Self` (`T.shared`, `T.make(…)`), or another value whose
    /// type is known (`guard let store = store`). A static member of a type this file does not
    /// declare is taken to be a factory of that type (`Valet.valet(with:…)`, `Keychain.shared`).
    private func initializerType(from start: Int, body: Range<Int>, depth: Int) -> DeclaredReceiver {
        var j = start
        while code.isKeyword(j, "try") || code.isKeyword(j, "await") || ((code.is(j, "?") || code.is(j, "!")) && code.isKeyword(j - 1, "try")) {
            j += 1
        }
        if code.isKeyword(j, "self"), code.kind(j + 1) == .period, code.kind(j + 2) == .identifier, isEndOfValue(j + 3) {
            return declaredReceiver(j + 2, body: body, onlyProperties: true, depth: depth + 1) ?? .unknown
        }
        guard code.kind(j) == .identifier else { return .unknown }
        if !startsUppercase(j) {
            guard isEndOfValue(j + 1) else { return .unknown }
            return declaredReceiver(j, body: body, depth: depth + 1) ?? .unknown
        }
        var t = j
        while code.kind(t + 1) == .period, code.kind(t + 2) == .identifier, startsUppercase(t + 2) { t += 2 }
        if code.kind(t + 1) == .leftParen { return .type(code.nameID(t)) }
        guard code.kind(t + 1) == .period else { return .unknown }
        let member = t + 2
        if code.isKeyword(member, "init") { return .type(code.nameID(t)) }
        guard code.kind(member) == .identifier else { return .unknown }
        let end = code.kind(member + 1) == .leftParen ? code.after(member + 1) : member + 1
        guard isEndOfValue(end) else { return .unknown }
        return staticMemberType(code.nameID(member), of: code.nameID(t))
    }

    /// What `T.member` is, from the file's declaration of it (a function's `->`, a property's
    /// annotation or `T(…)`/`Self(…)`/`.init(…)` initializer); `T` when the file declares no such member.
    private func staticMemberType(_ member: Int32, of owner: Int32) -> DeclaredReceiver {
        if let function = declarations.bodies.first(in: member, where: { $0.owner == owner && $0.parameterOpen != nil }),
           let open = function.parameterOpen {
            var j = code.after(open)
            while j < function.open && !code.is(j, "->") { j += 1 }
            guard j < function.open else { return .unknown }
            if isSelfType(j + 1) { return .type(owner) }
            return typeName(at: j + 1).map(DeclaredReceiver.type) ?? .unknown
        }
        if let property = declarations.memberBinding(named: member, owner: owner) {
            let annotation = property.nameIndex + 1
            if code.kind(annotation) == .colon {
                if isSelfType(annotation + 1) { return .type(owner) }
                return typeName(at: annotation + 1).map(DeclaredReceiver.type) ?? .unknown
            }
            let start = property.initializer.lowerBound
            if isSelfType(start) || (code.kind(start) == .period && code.isKeyword(start + 1, "init")) { return .type(owner) }
            if code.kind(start) == .identifier, startsUppercase(start), code.kind(start + 1) == .leftParen { return .type(code.nameID(start)) }
            return .unknown
        }
        return .type(owner)
    }

    /// A type written at `t` (`T`, `A.B`, `T?`, `any P`, `Foo<Bar>`): the name id of its last component.
    private func typeName(at start: Int) -> Int32? {
        var t = start
        while code.isIdentifier(t, "any") || code.isIdentifier(t, "some") || code.isKeyword(t, "any") || code.isKeyword(t, "some") { t += 1 }
        guard code.kind(t) == .identifier, startsUppercase(t) else { return nil }
        while code.kind(t + 1) == .period && code.kind(t + 2) == .identifier { t += 2 }
        return code.nameID(t)
    }

    /// The value ends at `j`: nothing more is applied to it (`T.make()` and not `T.make().query`).
    private func isEndOfValue(_ j: Int) -> Bool {
        guard j < code.count else { return true }
        switch code.kind(j) {
        case .period, .leftParen, .leftBracket: return false
        case .operator: return !((code.is(j, "?") || code.is(j, "!")) && code.kind(j + 1) == .period)
        default: return true
        }
    }

    /// `Self`, spelled as a keyword or a name depending on the lexer's table.
    private func isSelfType(_ i: Int) -> Bool {
        code.isKeyword(i, "Self") || code.isIdentifier(i, "Self")
    }

    func startsUppercase(_ i: Int) -> Bool {
        guard let first = code.text(i).utf8.first else { return false }
        return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")
    }
}
