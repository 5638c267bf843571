import KeychainLintSyntax

/// A read, write or removal a wrapper library makes for the code (`keychain["token"] = value`,
/// `keychain.get("token")`, `KeychainWrapper.standard.removeObject(forKey:)`), traced to the
/// instance it is made on when the file shows how that instance was made (the inventory's
/// operations; the rules judge the instances' settings, `WrapperUse`).
package struct WrapperCall: Sendable {
    package enum Kind: Sendable { case read, write, delete }

    package var library: WrapperLibrary
    package var kind: Kind
    /// Offset of the method's name, or of the subscript's `[`.
    package var offset: Int
    /// The entries the instance was made with (its class, service, access group …, as
    /// `WrapperUse` reads them); `nil` when the file does not show how it was made (a parameter,
    /// a property set elsewhere, a factory's result).
    package var instance: [KeychainEntry]?
    /// The receiver as written (`keychain`, `self.store`), for an instance not followed.
    package var receiver: String
    package var region: ConditionRegion.ID
}

extension FileModel {
    /// The wrapper calls of the file, for the inventory (the lint run never asks: it costs a scan of
    /// the files that import a library).
    package func wrapperCalls() -> [WrapperCall] {
        WrapperExtractor(extractor: extractor).calls()
    }
}

extension WrapperLibrary {
    /// The type names an instance is made with.
    var typeNames: [String] {
        switch self {
        case .keychainAccess: return ["Keychain"]
        case .keychainSwift: return ["KeychainSwift"]
        case .swiftKeychainWrapper: return ["KeychainWrapper"]
        case .simpleKeychain: return ["SimpleKeychain", "A0SimpleKeychain"]
        }
    }

    /// What each method of an instance does to items (the libraries' documented API).
    func kind(ofMethod name: String) -> WrapperCall.Kind? {
        switch (self, name) {
        case (_, "set"): return .write
        case (.keychainAccess, "get"), (.keychainAccess, "getString"), (.keychainAccess, "getData"), (.keychainAccess, "contains"),
             (.keychainAccess, "getAttributes"), (.keychainAccess, "allKeys"), (.keychainAccess, "allItems"):
            return .read
        case (.keychainAccess, "remove"), (.keychainAccess, "removeAll"): return .delete
        case (.keychainSwift, "get"), (.keychainSwift, "getData"), (.keychainSwift, "getBool"), (.keychainSwift, "allKeys"): return .read
        case (.keychainSwift, "delete"), (.keychainSwift, "clear"): return .delete
        case (.swiftKeychainWrapper, "string"), (.swiftKeychainWrapper, "data"), (.swiftKeychainWrapper, "integer"),
             (.swiftKeychainWrapper, "float"), (.swiftKeychainWrapper, "double"), (.swiftKeychainWrapper, "bool"),
             (.swiftKeychainWrapper, "object"), (.swiftKeychainWrapper, "hasValue"), (.swiftKeychainWrapper, "dataRef"),
             (.swiftKeychainWrapper, "allKeys"):
            return .read
        case (.swiftKeychainWrapper, "removeObject"), (.swiftKeychainWrapper, "removeAllKeys"): return .delete
        case (.simpleKeychain, "string"), (.simpleKeychain, "data"), (.simpleKeychain, "hasItem"), (.simpleKeychain, "keys"): return .read
        case (.simpleKeychain, "deleteItem"), (.simpleKeychain, "deleteAll"): return .delete
        default: return nil
        }
    }

    /// Whether an instance is read and written with subscripts (`keychain["k"] = v`).
    var hasSubscripts: Bool { self == .keychainAccess || self == .swiftKeychainWrapper }
}

/// What a receiver names: an instance made where the file shows it, one it does not show, or no
/// instance of the library at all.
private enum Receiver {
    case made([KeychainEntry])
    case notFollowed
    case other
}

extension WrapperExtractor {
    /// Every `.method(` and subscript on a receiver the file shows to be an instance of a library it
    /// imports. A receiver whose declaration names the library's type but whose value the file does
    /// not show is an instance not followed.
    func calls() -> [WrapperCall] {
        var out: [WrapperCall] = []
        for library in WrapperLibrary.allCases where libraries.contains(library) {
            let types = Set(library.typeNames.compactMap { code.nameID(of: $0) })
            var annotated: [Int32: Bool] = [:]
            for j in 1..<max(1, code.count) {
                let kind: WrapperCall.Kind
                if code.kind(j) == .period, code.kind(j + 1) == .identifier, code.kind(j + 2) == .leftParen,
                   let method = library.kind(ofMethod: code.text(j + 1)) {
                    kind = method
                } else if library.hasSubscripts, code.kind(j) == .leftBracket, code.kind(j - 1) == .identifier || code.kind(j - 1) == .rightParen,
                          offset(j - 1) == offset(j) - code.text(j - 1).utf8.count || code.kind(j - 1) == .rightParen {
                    kind = subscriptKind(at: j)
                } else {
                    continue
                }
                let receiverEnd = j - 1
                let receiver = self.receiver(endingAt: receiverEnd, library: library, types: types, annotated: &annotated)
                let text = code.kind(receiverEnd) == .identifier
                    ? (code.kind(receiverEnd - 1) == .period && code.kind(receiverEnd - 2) != .unknown ? code.text(receiverEnd - 2) + "." : "")
                        + code.text(receiverEnd)
                    : "…"
                let at = code.kind(j) == .period ? j + 1 : j
                let instance: [KeychainEntry]?
                switch receiver {
                case .made(let entries): instance = entries
                case .notFollowed: instance = nil
                case .other: continue
                }
                out.append(WrapperCall(library: library, kind: kind, offset: code.offset(at), instance: instance, receiver: text,
                                       region: code.region[at]))
            }
        }
        return out
    }

    private func offset(_ i: Int) -> Int { code.offset(i) }

    /// `x[k]` reads, `x[k] = v` writes, `x[k] = nil` removes.
    private func subscriptKind(at open: Int) -> WrapperCall.Kind {
        let next = code.after(open)
        guard code.is(next, "=") else { return .read }
        return code.isKeyword(next + 1, "nil") ? .delete : .write
    }

    /// What the receiver ending at `end` is: a constructor call (through KeychainAccess's
    /// modifiers), `KeychainWrapper.standard`, or a name whose binding, declaration or assignment
    /// in this file says.
    private func receiver(endingAt end: Int, library: WrapperLibrary, types: Set<Int32>, annotated: inout [Int32: Bool]) -> Receiver {
        var r = end
        var steps = 0
        while code.kind(r) == .rightParen, steps < 64 {
            steps += 1
            let open = Int(code.partner[r])
            guard open >= 1, code.kind(open - 1) == .identifier else { return .other }
            if types.contains(code.nameID(open - 1)), isTypeName(at: open - 1, module: library) {
                return .made(constructorEntries(at: open - 1, library: library))
            }
            guard library == .keychainAccess, code.kind(open - 2) == .period else { return .other }
            r = open - 3
        }
        guard code.kind(r) == .identifier else { return .other }
        if library == .swiftKeychainWrapper, code.isIdentifier(r, "standard"), code.kind(r - 1) == .period, types.contains(code.nameID(r - 2)) {
            return .made([])
        }
        let qualified = code.kind(r - 1) == .period
        if qualified && !code.isKeyword(r - 2, "self") {
            return isAnnotated(code.nameID(r), types: types, memo: &annotated) ? .notFollowed : .other
        }
        if let binding = resolveInstance(at: r).binding {
            if let made = made(by: binding.initializer, library: library, types: types, at: r) { return .made(made) }
            let header = (binding.nameIndex + 1)..<binding.initializer.lowerBound
            return header.contains { types.contains(code.nameID($0)) } ? .notFollowed : .other
        }
        guard isAnnotated(code.nameID(r), types: types, memo: &annotated) else { return .other }
        return assignment(to: code.nameID(r), library: library, types: types).map(Receiver.made) ?? .notFollowed
    }

    /// The entries of an instance made by the expression `range` (a constructor, a KeychainAccess
    /// chain, `KeychainWrapper.standard`), or `nil`.
    private func made(by range: Range<Int>, library: WrapperLibrary, types: Set<Int32>, at name: Int) -> [KeychainEntry]? {
        var a = range.lowerBound
        while code.isKeyword(a, "try") || code.is(a, "?") || code.is(a, "!") { a += 1 }
        guard a < range.upperBound, code.kind(a) == .identifier, types.contains(code.nameID(a)) else { return nil }
        if code.kind(a + 1) == .leftParen {
            return library == .keychainAccess ? keychainVariable(at: name) : constructorEntries(at: a, library: library)
        }
        if library == .swiftKeychainWrapper, code.kind(a + 1) == .period, code.isIdentifier(a + 2, "standard") { return [] }
        return nil
    }

    /// What `Type(…)` sets: the class and the arguments that name the item.
    private func constructorEntries(at i: Int, library: WrapperLibrary) -> [KeychainEntry] {
        switch library {
        case .keychainAccess: return keychainConstructor(at: i)
        case .keychainSwift: return []
        case .swiftKeychainWrapper:
            let keys = ["serviceName": "kSecAttrService", "accessGroup": "kSecAttrAccessGroup"]
            return [classEntry("kSecClassGenericPassword", at: i)] + argumentEntries(of: i + 1, keys: keys)
        case .simpleKeychain:
            let keys = ["service": "kSecAttrService", "accessGroup": "kSecAttrAccessGroup"]
            return [classEntry("kSecClassGenericPassword", at: i)] + argumentEntries(of: i + 1, keys: keys)
        }
    }

    /// Whether the file declares `name` with the library's type (`let keychain: Keychain`,
    /// `store: KeychainSwift?`).
    private func isAnnotated(_ name: Int32, types: Set<Int32>, memo: inout [Int32: Bool]) -> Bool {
        if let known = memo[name] { return known }
        var found = false
        for i in 0..<code.count where code.kind(i) == .identifier && code.nameID(i) == name && code.kind(i + 1) == .colon {
            var t = i + 2
            if code.kind(t) == .identifier, code.kind(t + 1) == .period, code.kind(t + 2) == .identifier, !types.contains(code.nameID(t)) { t += 2 }
            if code.kind(t) == .identifier, types.contains(code.nameID(t)) { found = true; break }
        }
        memo[name] = found
        return found
    }

    /// The instance a stored property declared without a value is given in the file
    /// (`self.keychain = Keychain(service: …)` in `init`): the first such assignment.
    private func assignment(to name: Int32, library: WrapperLibrary, types: Set<Int32>) -> [KeychainEntry]? {
        for i in 0..<code.count where code.kind(i) == .identifier && code.nameID(i) == name && code.is(i + 1, "=") {
            guard code.kind(i - 1) != .period || code.isKeyword(i - 2, "self") else { continue }
            var a = i + 2
            while code.isKeyword(a, "try") { a += 1 }
            guard code.kind(a) == .identifier, types.contains(code.nameID(a)) else { continue }
            if code.kind(a + 1) == .leftParen { return constructorEntries(at: a, library: library) }
            if library == .swiftKeychainWrapper, code.kind(a + 1) == .period, code.isIdentifier(a + 2, "standard") { return [] }
        }
        return nil
    }
}
