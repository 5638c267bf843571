import KeychainLintSyntax
/// One `key: value` of a keychain dictionary, wherever it was written.
package struct KeychainEntry: Equatable, Sendable {
    /// The Security constant the key names, after aliases: `kSecAttrService`.
    package var key: String
    package var value: KeychainValue
    /// Byte offset of the key expression; findings about a wrong entry point here.
    package var keyOffset: Int
    /// Byte offset of the value expression.
    package var valueOffset: Int
    /// The `#if` region the entry was written in.
    package var region: ConditionRegion.ID
    /// The run-time branches (`if`/`else` arms, `switch` cases) the entry was written in.
    package var branch: BranchPath
    /// For an entry read from another file's helper: the helper that wrote it and its offsets
    /// there, kept through helpers that forward other helpers (`var base: […] { service.query() }`).
    package var home: EntryHome?

    package init(key: String, value: KeychainValue, keyOffset: Int, valueOffset: Int, region: ConditionRegion.ID,
                 branch: BranchPath = BranchPath()) {
        self.key = key
        self.value = value
        self.keyOffset = keyOffset
        self.valueOffset = valueOffset
        self.region = region
        self.branch = branch
    }

    /// The entry as written inside the arms `arms` (outermost first) as well: a dictionary
    /// assigned whole on a branch (`attributes = self.query` in `if key != nil {`).
    func onPath(_ arms: [BranchPath.Arm]) -> KeychainEntry {
        var entry = self
        entry.branch = BranchPath(arms: arms + branch.arms.filter { !arms.contains($0) })
        return entry
    }
}

/// The helper an entry was written in, and where, in the file that declares it.
package struct EntryHome: Equatable, Sendable {
    package var helper: String
    package var keyOffset: Int
    package var valueOffset: Int
}

/// Where code sits among run-time branches: the arm of each enclosing `if`/`else if`/`else`
/// chain and the case of each enclosing `switch`.
///
/// Entries reach a use on *some* path, which is right for rules about one entry. A rule about two
/// entries that conflict needs them on *one* path: two entries in different arms of one branch
/// never are. A rule that lets an entry excuse a call needs it on *every* path to the call.
package struct BranchPath: Equatable, Sendable {
    package struct Arm: Equatable, Sendable {
        /// Identifies the branch (the code index of its first block, made unique across files).
        package var group: Int
        package var arm: Int
        /// The chain's last arm is a plain `else` (or a ternary's second side): the arms
        /// 0…arm then cover every path (`BranchPath.covers`). Switch cases never set it.
        package var closesChain = false
        /// The arms are values of different instances, not branches of one flow: the conforming
        /// types of a protocol whose extension reads `self.query`, or the initializers that set a
        /// stored query. A use is judged once per alternative (`KeychainUse.alternatives`), so
        /// an entry one of them sets does not count for another.
        package var isAlternative = false
    }

    package var arms: [Arm] = []

    package init(arms: [Arm] = []) {
        self.arms = arms
    }

    /// Whether the two can never be on one path: they are in different arms of one branch.
    package func excludes(_ other: BranchPath) -> Bool {
        arms.contains { a in other.arms.contains { $0.group == a.group && $0.arm != a.arm } }
    }

    /// Whether every path through `self` passes at least one of `paths`: one of them dominates it,
    /// or, for a chain none of them shares with `self` that ends in a plain `else`, each arm of it is
    /// covered in turn (`if let kc { …kSecUseKeychain… } else { …kSecMatchSearchList… }`).
    package func isCovered(by paths: [BranchPath]) -> Bool {
        if paths.contains(where: { $0.dominates(self) }) { return true }
        let groups = Set(arms.map(\.group))
        guard let open = paths.lazy.flatMap(\.arms).first(where: { !groups.contains($0.group) }) else { return false }
        let chain = paths.flatMap(\.arms).filter { $0.group == open.group }
        guard let last = chain.first(where: \.closesChain) else { return false }
        for k in 0...last.arm {
            let through = BranchPath(arms: arms + [Arm(group: open.group, arm: k, closesChain: k == last.arm)])
            guard through.isCovered(by: paths.filter { !$0.excludes(through) }) else { return false }
        }
        return true
    }

    /// Whether code here runs on every path through `other`: each of its arms encloses `other` too.
    package func dominates(_ other: BranchPath) -> Bool {
        arms.allSatisfy(other.arms.contains)
    }

    /// The same path with groups moved apart from the linted file's own, for a helper's entries
    /// read from another file (`salt` distinguishes helpers). A flag's group names the flag by the
    /// other file's name table, and a merge's its token: they stay apart from blocks (bits 31, 30).
    func foreign(salt: Int) -> BranchPath {
        BranchPath(arms: arms.map { arm in
            let local = Self.isMergeGroup(arm.group) ? (arm.group & 0x3fff_ffff) | 0xc000_0000
                : Self.isFlagGroup(arm.group) ? (arm.group & 0x3fff_ffff) | 0x8000_0000 : arm.group & 0x7fff_ffff
            return Arm(group: -1 - local - ((salt & 0x7fff_ffff) << 32), arm: arm.arm, closesChain: arm.closesChain,
                       isAlternative: arm.isAlternative)
        })
    }

    /// The branch of `if flag {` / `if !flag {` on a parameter named `flag` (name id `name`): one group
    /// for every such `if` of the file, arm 0 where the flag is true and 1 where it is false, so
    /// `if synced { q[sync] = true }` in a helper and `if synced { … } else { …ThisDeviceOnly }` in
    /// its caller, which passes its own `synced`, never meet. Above any token index.
    static func flagGroup(_ name: Int32) -> Int { (1 << 40) + Int(name) }

    static func isFlagGroup(_ group: Int) -> Bool { group >= 1 << 40 && group < 1 << 50 }

    /// The branch of `if value != nil {` / `if value == nil {` / `if let value {` on an optional
    /// parameter: a flag group of its own (arm 0 where the value is there), so a call that passes
    /// `nil` takes arm 1 only (`DictionaryExtractor.pickingFlagBranches`).
    static func presenceGroup(_ name: Int32) -> Int { (1 << 40) + (1 << 31) + Int(name) }

    static func isPresenceGroup(_ group: Int) -> Bool { isFlagGroup(group) && group & (1 << 31) != 0 }

    /// The branch a `merging` at token `merging` makes for its `n`th key both sides set: the arm
    /// where the winning side set it (0) and the one where the other side's value stays (1).
    static func mergeGroup(at merging: Int, key n: Int) -> Int { (1 << 50) + merging * 64 + n }

    static func isMergeGroup(_ group: Int) -> Bool { group >= 1 << 50 }
}

/// The operations a keychain dictionary can flow into.
package enum KeychainOperation: String, Sendable, CaseIterable {
    case add = "SecItemAdd"
    case copyMatching = "SecItemCopyMatching"
    case update = "SecItemUpdate"
    case delete = "SecItemDelete"
    case createRandomKey = "SecKeyCreateRandomKey"
    case createKeyWithData = "SecKeyCreateWithData"
    case itemImport = "SecItemImport"
    case pkcs12Import = "SecPKCS12Import"

    /// Whether a rule judges the call itself when its dictionary is unknown: only an add's status
    /// handling (`unhandled-duplicate-item`). Every other finding needs entries the code shows.
    package var judgesUnknownDictionaries: Bool { self == .add }

    /// Which argument positions are dictionaries, and what each one is.
    package var dictionaryArguments: [(index: Int, role: DictionaryRole)] {
        switch self {
        case .add, .copyMatching, .delete: return [(0, .query)]
        case .update: return [(0, .query), (1, .attributesToUpdate)]
        case .createRandomKey: return [(0, .keyAttributes)]
        case .createKeyWithData: return [(1, .keyAttributes)]
        case .itemImport: return []
        case .pkcs12Import: return [(1, .importOptions)]
        }
    }

    /// How many arguments the function takes: a call through a stored reference passes them all.
    package var argumentCount: Int {
        switch self {
        case .delete: return 1
        case .add, .copyMatching, .update, .createRandomKey: return 2
        case .createKeyWithData, .pkcs12Import: return 3
        case .itemImport: return 8
        }
    }

    /// The operations that read or write the item store (the ones `kSecUseDataProtectionKeychain` steers).
    package var isItemOperation: Bool {
        self == .add || self == .copyMatching || self == .update || self == .delete
    }

    /// The operation a function name stands for. Every one starts with `Sec`, so other names are
    /// turned away before the string comparison the raw-value initializer makes for each case.
    package init?(functionName name: String) {
        var utf8 = name.utf8.makeIterator()
        guard utf8.next() == UInt8(ascii: "S"), utf8.next() == UInt8(ascii: "e"), utf8.next() == UInt8(ascii: "c") else { return nil }
        self.init(rawValue: name)
    }
}

/// What a dictionary is to the call that receives it.
package enum DictionaryRole: String, Sendable {
    /// The item to add, or the query that selects items (SecItemAdd/CopyMatching/Delete, SecItemUpdate's first argument).
    case query
    /// SecItemUpdate's second argument.
    case attributesToUpdate
    /// SecKeyCreateRandomKey / SecKeyCreateWithData attributes.
    case keyAttributes
    case importOptions
}

/// A call to a Security function, as written in the file.
package struct KeychainCall: Sendable {
    package var operation: KeychainOperation
    /// Byte offset of the function name (or the alias it is called through).
    package var offset: Int
    /// Index of the name in the file's code tokens; the engine uses it to find the enclosing function.
    package var codeIndex: Int
    package var region: ConditionRegion.ID
    /// How the returned status is used, for `unhandled-duplicate-item`.
    package var status: StatusUse
    /// The run-time branches the call is made in.
    package var branch: BranchPath
    /// For a dictionary passed to the project's own functions on its way to the operation: those
    /// functions, outermost first (`KeychainOps.delete(_:)`). The call is then the first of them.
    package var route: [String] = []
    /// For a call through a summarised function: the operation the dictionary reaches in it.
    package var sink: SinkSpot?

    package init(operation: KeychainOperation, offset: Int, codeIndex: Int, region: ConditionRegion.ID, status: StatusUse,
                 branch: BranchPath = BranchPath()) {
        self.operation = operation
        self.offset = offset
        self.codeIndex = codeIndex
        self.region = region
        self.status = status
        self.branch = branch
    }
}

/// What the code does with an OSStatus a call returns.
package enum StatusUse: Equatable, Sendable {
    /// `SecItemAdd(…)` as a statement, or `_ = SecItemAdd(…)`.
    case discarded
    /// `return SecItemAdd(…)`: the caller decides.
    case returned
    /// The dictionary reaches the operation through a project function that uses the status
    /// itself: that function's own call is judged where it is written.
    case handledInside
    /// `let status = SecItemAdd(…)`: the name is kept so the rule can look for comparisons.
    case bound(name: String)
    /// Compared, switched on or passed on in place (`SecItemAdd(…) == errSecSuccess`, `guard SecItemAdd(…) == …`).
    case usedInPlace
}

/// A keychain dictionary at the point it is used, with every entry that reaches that point on some path.
package struct KeychainDictionary: Sendable {
    package var entries: [KeychainEntry]
    /// Where the dictionary starts: the literal's `[`, or the variable's declaration.
    package var originOffset: Int
    /// Whether the dictionary was passed as a variable (then missing-entry findings point at the call).
    package var isVariable: Bool
    /// The dictionary starts from one the file cannot read (a parameter, another object's property):
    /// it may hold any entry, so only entries written here, or removed here, are known.
    package var hasUnknownBase: Bool
    /// Keys removed after an unknown start, so certainly not in the dictionary.
    package var certainlyAbsent: Set<String>

    package init(entries: [KeychainEntry], originOffset: Int, isVariable: Bool, hasUnknownBase: Bool = false,
                 certainlyAbsent: Set<String> = []) {
        self.entries = entries
        self.originOffset = originOffset
        self.isVariable = isVariable
        self.hasUnknownBase = hasUnknownBase
        self.certainlyAbsent = certainlyAbsent
    }

    /// Whether the dictionary certainly has no entry for `key`: the test every missing-entry rule uses.
    package func lacks(_ key: String) -> Bool {
        !has(key) && (!hasUnknownBase || certainlyAbsent.contains(key))
    }

    /// Top-level entries for `key`, in source order.
    package func entries(_ key: String) -> [KeychainEntry] {
        entries.filter { $0.key == key }
    }

    package func first(_ key: String) -> KeychainEntry? {
        entries.first { $0.key == key }
    }

    package func has(_ key: String) -> Bool {
        entries.contains { $0.key == key }
    }

    /// Entries of the item including those nested in `kSecPrivateKeyAttrs` / `kSecPublicKeyAttrs`,
    /// which belong to the same item.
    package var allEntries: [KeychainEntry] {
        // Every rule asks, for every use, and most dictionaries nest nothing: their own entries
        // are the answer, shared instead of copied. The value's case is tested before the key's text.
        guard entries.contains(where: Self.nestsKeyAttributes) else { return entries }
        var out: [KeychainEntry] = []
        for entry in entries {
            out.append(entry)
            if Self.nestsKeyAttributes(entry), case .dictionary(let nested) = entry.value {
                out.append(contentsOf: nested)
            }
        }
        return out
    }

    private static func nestsKeyAttributes(_ entry: KeychainEntry) -> Bool {
        guard case .dictionary = entry.value else { return false }
        return entry.key == "kSecPrivateKeyAttrs" || entry.key == "kSecPublicKeyAttrs"
    }

    /// The class constant, when the dictionary names exactly one known class.
    package var itemClass: String? {
        // One pass, no intermediate arrays: rules ask for every use.
        var found: String?
        for entry in entries where entry.key == "kSecClass" {
            guard let name = entry.value.symbolName else { continue }
            if let known = found, known != name { return nil }
            found = name
        }
        return found
    }
}

/// A keychain dictionary together with what it flows into.
package struct KeychainUse: Sendable {
    package var dictionary: KeychainDictionary
    /// `nil` when the use cannot be seen (returned from a function, stored in a property, passed to a user function).
    package var call: KeychainCall?
    package var role: DictionaryRole

    package init(dictionary: KeychainDictionary, call: KeychainCall?, role: DictionaryRole) {
        self.dictionary = dictionary
        self.call = call
        self.role = role
    }

    /// The operation rules should assume: the call's, or an add when an unseen use carries the item's data.
    package var effectiveOperation: KeychainOperation? {
        if let call { return call.operation }
        if dictionary.has("kSecValueData") || dictionary.has("kSecValueRef") { return .add }
        return nil
    }

    /// For a dictionary that crossed calls: the sentence that names its route, to end a message
    /// (" It reaches SecItemDelete through `KeychainOps.delete(_:)`."); empty otherwise.
    package var routeNote: String {
        guard let call, !call.route.isEmpty else { return "" }
        return " It reaches \(call.operation.rawValue) through " + call.route.map { "`\($0)`" }.joined(separator: " → ") + "."
    }

    /// Where a finding about a missing entry points: the call when the dictionary is a variable,
    /// else the literal's opening bracket; with no call visible, the dictionary's start.
    package var missingEntryOffset: Int {
        if let call, dictionary.isVariable { return call.offset }
        return dictionary.originOffset
    }
}

extension KeychainEntry {
    /// Entry lists as alternatives of one group (`BranchPath.Arm.isAlternative`), the last arm
    /// closing it; one list stays as it is.
    static func alternatives(_ paths: [[KeychainEntry]], group: Int) -> [KeychainEntry] {
        guard paths.count > 1 else { return paths.first ?? [] }
        return paths.enumerated().flatMap { k, entries in
            entries.map { entry in
                var entry = entry
                entry.branch.arms.append(BranchPath.Arm(group: group, arm: k, closesChain: k == paths.count - 1, isAlternative: true))
                return entry
            }
        }
    }
}

extension KeychainUse {
    /// The use once per alternative its entries hold (each with the entries common to all and
    /// that alternative's own), so a rule judges each instance's dictionary apart; itself when
    /// it holds none. Nested groups split in turn, up to a bound.
    package var alternatives: [KeychainUse] {
        guard let group = dictionary.entries.lazy.flatMap(\.branch.arms).first(where: \.isAlternative)?.group else { return [self] }
        let count = 1 + dictionary.entries.lazy.flatMap(\.branch.arms).filter { $0.group == group }.map(\.arm).max()!
        return (0..<count).flatMap { k -> [KeychainUse] in
            var variant = self
            variant.dictionary.entries = dictionary.entries.filter { entry in
                entry.branch.arms.allSatisfy { $0.group != group || $0.arm == k }
            }
            for i in variant.dictionary.entries.indices { variant.dictionary.entries[i].branch.arms.removeAll { $0.group == group } }
            return variant.alternatives
        }
    }
}
