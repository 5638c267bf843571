import KeychainLintSyntax

/// The call shapes of each library, read into the entries the library sends to SecItem.
extension WrapperExtractor {
    // MARK: KeychainAccess

    /// `Keychain(service:accessGroup:)`, `Keychain(server:protocolType:)`, then modifiers that each
    /// return a new `Keychain`: `.synchronizable(_:)`, `.accessibility(_:)`,
    /// `.accessibility(_:authenticationPolicy:)`. A chain on a variable starts from what the
    /// variable was initialised with.
    func readKeychainAccess() {
        for i in 0..<code.count {
            if code.kind(i) == .identifier, code.kind(i + 1) == .leftParen, code.isIdentifier(i, "Keychain"),
               isTypeName(at: i, module: .keychainAccess) {
                emit(.keychainAccess, keychainConstructor(at: i) + modifiers(from: code.after(i + 1), limit: code.count, consume: true))
            } else if isKeychainModifier(at: i), !consumedModifiers.contains(i) {
                let start = chainStart(endingAt: i)
                emit(.keychainAccess, keychainBase(at: start - 1) + modifiers(from: start, limit: code.count, consume: true))
            }
        }
    }

    private static let keychainKeys = ["service": "kSecAttrService", "server": "kSecAttrServer", "accessGroup": "kSecAttrAccessGroup"]

    func keychainConstructor(at i: Int) -> [KeychainEntry] {
        let entries = argumentEntries(of: i + 1, keys: Self.keychainKeys)
        let itemClass = entries.contains { $0.key == "kSecAttrServer" } ? "kSecClassInternetPassword" : "kSecClassGenericPassword"
        return [classEntry(itemClass, at: i)] + entries
    }

    /// `.synchronizable(` or `.accessibility(` with an unlabelled first argument (SwiftUI's
    /// `.accessibility(label:)` is not it).
    private func isKeychainModifier(at i: Int) -> Bool {
        guard code.kind(i) == .period, code.kind(i + 1) == .identifier, code.kind(i + 2) == .leftParen,
              code.isIdentifier(i + 1, "synchronizable") || code.isIdentifier(i + 1, "accessibility"),
              let first = code.elements(of: i + 2).first, !first.isEmpty else { return false }
        return code.label(of: first) == nil
    }

    /// The `.` that starts the run of `.name(…)` calls ending with the one at `dot`.
    private func chainStart(endingAt dot: Int) -> Int {
        var start = dot
        var steps = 0
        while code.kind(start - 1) == .rightParen, steps < 256 {
            steps += 1
            let open = Int(code.partner[start - 1])
            guard open >= 2, code.kind(open - 1) == .identifier, code.kind(open - 2) == .period else { break }
            start = open - 2
        }
        return start
    }

    /// What a chain starts from: a `Keychain(…)` call, or a variable initialised with a chain.
    private func keychainBase(at b: Int) -> [KeychainEntry] {
        switch code.kind(b) {
        case .rightParen:
            let open = Int(code.partner[b])
            guard open >= 1, code.isIdentifier(open - 1, "Keychain") else { return [] }
            return keychainConstructor(at: open - 1)
        case .identifier:
            return keychainVariable(at: b)
        default:
            return []
        }
    }

    /// A variable's chain, from the binding it names in its scope: a parameter, or another type's
    /// property of the same name, is not it.
    func keychainVariable(at index: Int) -> [KeychainEntry] {
        guard let binding = resolveInstance(at: index).binding else { return [] }
        if let memo = keychainMemo[binding.nameIndex] { return memo }
        guard depth < Self.maxDepth else { return [] }
        depth += 1
        defer { depth -= 1 }
        keychainMemo[binding.nameIndex] = []  // a cycle reads as nothing
        let r = FlowWalk(extractor: extractor, range: binding.initializer, collectsReturnsOnly: true).trimmed(binding.initializer)
        var entries: [KeychainEntry] = []
        if let a = r.first, code.kind(a) == .identifier {
            if code.isIdentifier(a, "Keychain") && code.kind(a + 1) == .leftParen {
                entries = keychainConstructor(at: a) + modifiers(from: code.after(a + 1), limit: r.upperBound, consume: false)
            } else if code.kind(a + 1) == .period {
                entries = keychainVariable(at: a) + modifiers(from: a + 1, limit: r.upperBound, consume: false)
            }
        }
        keychainMemo[binding.nameIndex] = entries
        return entries
    }

    /// The entries the modifiers from `start` set, in order (a later one replaces an earlier).
    private func modifiers(from start: Int, limit: Int, consume: Bool) -> [KeychainEntry] {
        var use = WrapperUse(library: .keychainAccess)
        var j = start
        while j + 2 < limit, code.kind(j) == .period, code.kind(j + 1) == .identifier, code.kind(j + 2) == .leftParen {
            if isKeychainModifier(at: j), let first = code.elements(of: j + 2).first {
                let key = code.isIdentifier(j + 1, "synchronizable") ? "kSecAttrSynchronizable" : "kSecAttrAccessible"
                if let entry = entry(key: key, at: j + 1, value: first) { use.set(entry) }
                if consume { consumedModifiers.insert(j) }
            }
            j = code.after(j + 2)
        }
        return use.entries
    }

    // MARK: SwiftKeychainWrapper

    /// `KeychainWrapper(serviceName:accessGroup:)`, every call or subscript that passes
    /// `withAccessibility:` (with `isSynchronizable:`), and the deprecated `.always…` cases where
    /// the code says the wrapper's accessibility type is expected (`WrapperExtractor+OptionContext`).
    func readSwiftKeychainWrapper() {
        for i in 0..<code.count where code.kind(i) == .identifier {
            if code.kind(i + 1) == .leftParen, code.isIdentifier(i, "KeychainWrapper"), isTypeName(at: i, module: .swiftKeychainWrapper) {
                let keys = ["serviceName": "kSecAttrService", "accessGroup": "kSecAttrAccessGroup"]
                emit(.swiftKeychainWrapper, [classEntry("kSecClassGenericPassword", at: i)] + argumentEntries(of: i + 1, keys: keys))
            } else if code.isIdentifier(i, "withAccessibility"), code.kind(i + 1) == .colon, let open = collectionOpener(before: i) {
                let keys = ["withAccessibility": "kSecAttrAccessible", "isSynchronizable": "kSecAttrSynchronizable"]
                emit(.swiftKeychainWrapper, argumentEntries(of: open, keys: keys))
            } else if code.kind(i - 1) == .period, code.isIdentifier(i, "always") || code.isIdentifier(i, "alwaysThisDeviceOnly"),
                      let constant = WrapperLibrary.accessibilityConstant(forCase: code.text(i)), producesSwiftKeychainWrapperAccessibility(at: i) {
                emit(.swiftKeychainWrapper, [KeychainEntry(key: "kSecAttrAccessible", value: .symbol(constant), keyOffset: code.offset(i),
                                                           valueOffset: code.offset(i), region: code.region[i])])
            }
        }
    }

    /// The `(` or `[` whose argument list (or collection literal) the label (or comma) at `label` belongs to.
    func collectionOpener(before label: Int) -> Int? {
        var p = label - 1
        var steps = 0
        while p >= 0, steps < 4096 {
            steps += 1
            switch code.kind(p) {
            case .rightParen, .rightBracket, .rightBrace, .stringEnd, .interpolationEnd:
                let opener = Int(code.partner[p])
                guard opener >= 0 else { return nil }
                p = opener - 1
            case .leftParen, .leftBracket:
                return p
            case .leftBrace, .semicolon:
                return nil
            default:
                p -= 1
            }
        }
        return nil
    }

    // MARK: SimpleKeychain

    /// `SimpleKeychain(service:accessGroup:accessibility:…:synchronizable:)` (also the
    /// `isSynchronizable:` spelling, and the older `A0SimpleKeychain(service:accessGroup:)`).
    func readSimpleKeychain() {
        let keys = ["service": "kSecAttrService", "accessGroup": "kSecAttrAccessGroup", "accessibility": "kSecAttrAccessible",
                    "synchronizable": "kSecAttrSynchronizable", "isSynchronizable": "kSecAttrSynchronizable"]
        for i in 0..<code.count where code.kind(i) == .identifier && code.kind(i + 1) == .leftParen {
            guard code.isIdentifier(i, "SimpleKeychain") || code.isIdentifier(i, "A0SimpleKeychain"),
                  isTypeName(at: i, module: .simpleKeychain) else { continue }
            emit(.simpleKeychain, [classEntry("kSecClassGenericPassword", at: i)] + argumentEntries(of: i + 1, keys: keys))
        }
    }
}
