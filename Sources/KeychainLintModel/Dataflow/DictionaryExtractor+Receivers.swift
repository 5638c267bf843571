import KeychainLintSyntax

/// The type a member is read on, when the file says it: `item.query` with `item: TeamLogin`
/// declared as a parameter, or `self.query` inside `TeamLogin`. Two types that each declare a
/// `query` are then not mixed; when the type is unknown, or declares no such member (a protocol
/// whose implementations live in the conforming types), every member of that name still counts.
extension DictionaryExtractor {
    /// The name id of the receiver's declared type for the member name at `index`, or nil.
    func receiverType(ofMemberAt index: Int) -> Int32? {
        if case .type(let type)? = resolvedReceiver(ofMemberAt: index) { return type }
        return nil
    }

    /// What the file says the receiver of the member at `index` is: a type that declares the
    /// member (`KeychainOps.delete`), the type around `self`, a parameter's declared type, or a
    /// local's or stored property's (`DictionaryExtractor+ReceiverDeclarations`); `.unknown` for
    /// a local or property whose type cannot be read; nil when the file does not declare it.
    func resolvedReceiver(ofMemberAt index: Int) -> DeclaredReceiver? {
        guard index >= 2, code.kind(index - 1) == .period else { return nil }
        var receiver = index - 2
        // `store?.save(q)`, `store!.save(q)`.
        if (code.is(receiver, "?") || code.is(receiver, "!")) && receiver > 0 && code.kind(receiver - 1) != .period { receiver -= 1 }
        // `KeychainOps.delete(q)`: a type of this file, or of another file, that declares the member
        // (then only that type's functions of the name are candidates, not every type's).
        if code.kind(receiver) == .identifier, code.kind(receiver - 1) != .period {
            let type = code.nameID(receiver)
            if type >= 0, declarations.bodies.first(in: code.nameID(index), where: { $0.owner == type }) != nil { return .type(type) }
            if type >= 0, startsUppercase(receiver), projectType(receiver, declares: index) { return .type(type) }
        }
        if code.isKeyword(receiver, "self") { return ownerOfEnclosingFunction(at: index).map(DeclaredReceiver.type) }
        // `RecordService().insert(q)`: a value the type's initializer makes.
        if code.kind(receiver) == .rightParen, code.partner[receiver] > 0 {
            let callee = Int(code.partner[receiver]) - 1
            if code.kind(callee) == .identifier, code.kind(callee - 1) != .period, startsUppercase(callee) { return .type(code.nameID(callee)) }
        }
        return valueType(of: receiver, at: index)
    }

    /// Whether a function the project summarises is a member of the type named at `type` with the
    /// name at `member` (`CredentialVault.migrate` declared in another file).
    private func projectType(_ type: Int, declares member: Int) -> Bool {
        guard let list = symbols.summaries[code.text(member)] else { return false }
        let prefix = code.text(type) + "."
        return list.contains { $0.route.hasPrefix(prefix) }
    }

    /// The declared type of the value named at `receiver` (a parameter, a local, a stored
    /// property, `self.name`), read from the function around `index`.
    func valueType(of receiver: Int, at index: Int) -> DeclaredReceiver? {
        let body = code.enclosingFunctionBody(of: index)
        guard body.lowerBound > 0 else { return nil }
        guard let parameters = code.parameterList(beforeBodyAt: body.lowerBound - 1) else {
            // An initializer, accessor or closure-only body: its locals and the type's properties still tell.
            return declaredValue(receiver, body: body)
        }
        guard code.kind(receiver) == .identifier, code.kind(receiver - 1) != .period || code.isKeyword(receiver - 2, "self") else { return nil }
        let name = code.nameID(receiver)
        if code.kind(receiver - 1) != .period {
            for parameter in code.elements(of: parameters) {
                guard let p = code.parameterName(parameter), code.nameID(p) == name else { continue }
                var t = p + 2
                while code.isKeyword(t, "inout") || code.isIdentifier(t, "inout") || code.is(t, "@") { t += 1 }
                guard code.kind(t) == .identifier else { return nil }
                // `Keychain.Item`: types are filed under their last name (`Declarations.typeName`).
                while code.kind(t + 1) == .period && code.kind(t + 2) == .identifier { t += 2 }
                return .type(code.nameID(t))
            }
        }
        return declaredValue(receiver, body: body)
    }

    /// `store` or `self.store` at `receiver`: a local of `body` or a property of the type around it.
    private func declaredValue(_ receiver: Int, body: Range<Int>) -> DeclaredReceiver? {
        guard code.kind(receiver) == .identifier, code.kind(receiver - 1) != .period || code.isKeyword(receiver - 2, "self") else { return nil }
        return declaredReceiver(receiver, body: body, onlyProperties: code.kind(receiver - 1) == .period)
    }

    /// The type that declares the function whose body holds `index` (`self`'s type there), or nil.
    func ownerOfEnclosingFunction(at index: Int) -> Int32? {
        let body = code.enclosingFunctionBody(of: index)
        guard body.lowerBound > 0 else { return nil }
        guard let parameters = code.parameterList(beforeBodyAt: body.lowerBound - 1) else { return ownerOfComputedProperty(bodyAt: body.lowerBound - 1) }
        let function = code.nameID(parameters - 1)
        guard function >= 0 else { return nil }
        guard let declared = bodiesByOpen[body.lowerBound - 1], declared.name == function else { return nil }
        return declared.owner
    }

    /// Every named body's name and owner by its `{`: asked for each read of a property in a
    /// method, where a search of the bodies of the method's name would cost as many steps as the
    /// file has methods of that name.
    static func bodiesByOpen(_ declarations: Declarations) -> [Int: (name: Int32, owner: Int32?)] {
        var out: [Int: (name: Int32, owner: Int32?)] = [:]
        for id in declarations.bodies.names {
            declarations.bodies.forEach(in: id) { body in if out[body.open] == nil { out[body.open] = (id, body.owner) } }
        }
        return out
    }

    /// The type that declares the computed property (`var query: [String: Any] {`) or subscript
    /// whose body — or whose `get`/`set` accessor's body — opens at `open`.
    private func ownerOfComputedProperty(bodyAt open: Int) -> Int32? {
        if open > 0, code.isIdentifier(open - 1, "get") || code.isIdentifier(open - 1, "set") {
            let outer = code.enclosingBraces[open]
            return outer > 0 && outer < open ? ownerOfComputedProperty(bodyAt: Int(outer)) : nil
        }
        if let body = declarations.subscripts.first(where: { $0.open == open }) { return body.owner }
        var j = open - 1
        while j >= 0 && j > open - 32 {
            if code.isKeyword(j, "var") {
                guard code.kind(j + 1) == .identifier else { return nil }
                return declarations.bodies.first(in: code.nameID(j + 1), where: { $0.open == open })?.owner
            }
            if code.kind(j) == .leftBrace || code.kind(j) == .rightBrace || code.kind(j) == .semicolon { return nil }
            j -= 1
        }
        return nil
    }
}
