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

/// KeychainSwift: settings are properties of an instance, assigned before its calls. Which variable a
/// receiver names (`resolveInstance`) serves KeychainAccess's chains on variables too.
extension WrapperExtractor {
    /// `keychain.accessGroup = …`, `keychain.synchronizable = true` on an instance, and
    /// `set(_:forKey:withAccess:)` on it; the deprecated `.accessibleAlways…` cases wherever
    /// KeychainSwift's option is produced (`WrapperExtractor+OptionContext`).
    func readKeychainSwift() {
        var syncAssignments: [WrapperInstance: SettingHistory] = [:]
        for j in 1..<max(1, code.count) where code.kind(j) == .period && code.kind(j - 1) == .identifier
            && code.kind(j + 1) == .identifier && code.is(j + 2, "=") {
            let isGroup = code.isIdentifier(j + 1, "accessGroup")
            guard isGroup || code.isIdentifier(j + 1, "synchronizable") else { continue }
            guard let instance = keychainSwiftInstance(at: j - 1),
                  let entry = entry(key: isGroup ? "kSecAttrAccessGroup" : "kSecAttrSynchronizable", at: j + 1,
                                    value: (j + 3)..<code.expressionEnd(from: j + 3)) else { continue }
            if isGroup { emit(.keychainSwift, [entry]) } else { syncAssignments[instance, default: SettingHistory()].append(entry, at: j) }
        }
        for j in 0..<code.count where code.kind(j) == .period && code.isIdentifier(j + 1, "set") && code.kind(j + 2) == .leftParen {
            guard let access = argumentEntries(of: j + 2, keys: ["withAccess": "kSecAttrAccessible"]).first else { continue }
            var entries = [access]
            if !syncAssignments.isEmpty, code.kind(j - 1) == .identifier,
               let assignments = syncAssignments[instance(at: j - 1)], let sync = assignments.setting(at: j, in: functionBody(around: j)) {
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
    func resolveInstance(at index: Int) -> (instance: WrapperInstance, binding: Declarations.Binding?) {
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
}

/// The assignments of one setting of one instance (`synchronizable`), in code order.
struct SettingHistory {
    private var assignments: [(index: Int, entry: KeychainEntry)] = []
    /// `assignments[..<agreeingPrefix]` all hold the first one's value.
    private var agreeingPrefix = 0
    /// `assignments[agreeingSuffix...]` all hold the last one's value.
    private var agreeingSuffix = 0

    mutating func append(_ entry: KeychainEntry, at index: Int) {
        if agreeingPrefix == assignments.count, assignments.first.map({ $0.entry.value == entry.value }) ?? true { agreeingPrefix += 1 }
        if assignments.last.map({ $0.entry.value != entry.value }) ?? false { agreeingSuffix = assignments.count }
        assignments.append((index, entry))
    }

    /// The setting when a call runs at `index` in the function whose body is `body`: the last
    /// assignment before it in that function, else the assignments made outside it (setup code)
    /// when they all agree. A binary search: a file of many calls stays linear.
    func setting(at index: Int, in body: Range<Int>) -> KeychainEntry? {
        let before = firstAssignment(atOrAfter: index)
        if before > 0, body.contains(assignments[before - 1].index) { return assignments[before - 1].entry }
        // Outside the body: the assignments before it and those after it.
        let start = firstAssignment(atOrAfter: body.lowerBound), end = firstAssignment(atOrAfter: body.upperBound)
        let head = assignments[..<start], tail = assignments[end...]
        guard start <= agreeingPrefix, end >= agreeingSuffix || tail.isEmpty else { return nil }
        if let first = head.first, let last = tail.last, first.entry.value != last.entry.value { return nil }
        return (head.first ?? tail.first)?.entry
    }

    private func firstAssignment(atOrAfter index: Int) -> Int {
        var low = 0, high = assignments.count
        while low < high {
            let mid = (low + high) / 2
            if assignments[mid].index < index { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
