import Foundation

/// The keychain items a project's code adds, reads, updates and deletes, each once, with the
/// protection each add gives it (`LintEngine.inventory(_:)`).
///
/// Built from the same analysis a lint run makes (discovery, configuration, platforms, the
/// cross-file passes), so a dictionary a helper in one file builds and another file reads is one
/// item, and an item's findings are the lint run's own.
public struct KeychainInventory: Sendable, Equatable {
    /// The items, in a stable order: by class, then by the attributes that name them.
    public var items: [InventoryItem]
    /// Paths that could not be analysed, as a lint run reports them.
    public var problems: [LintProblem]
    /// How many files the analysis read (Swift and entitlements), as `LintResult.filesLinted`.
    public var filesAnalysed: Int

    public init(items: [InventoryItem], problems: [LintProblem] = [], filesAnalysed: Int = 0) {
        self.items = items
        self.problems = problems
        self.filesAnalysed = filesAnalysed
    }

    /// Groups the operations by item identity, attaches each lookup, update or delete that names
    /// fewer attributes than the items the code stores to every item it can match, and gives each
    /// operation the findings the lint run made at its spots.
    package init(records all: [InventoryRecord], findings: [Finding], problems: [LintProblem], filesAnalysed: Int) {
        let records = Self.withoutReachedOperations(all)
        let found = Self.findings(findings, of: records)
        var order: [InventoryRecord.Key] = []
        var grouped: [InventoryRecord.Key: [Int]] = [:]
        for (i, record) in records.enumerated() {
            let key = record.key
            if grouped[key] == nil { order.append(key) }
            grouped[key, default: []].append(i)
        }
        let stored = order.filter { key in grouped[key]!.contains { records[$0].isStoring } }
        var attached: [InventoryRecord.Key: [Int]] = [:]
        for key in order where !stored.contains(key) {
            let matches = stored.filter { key.isNarrower(than: $0) }
            guard !matches.isEmpty else { continue }
            for match in matches { attached[match, default: []] += grouped[key]! }
            grouped[key] = nil
        }
        var items: [InventoryItem] = []
        for key in order {
            guard let members = grouped[key] else { continue }
            var item = InventoryItem(identity: records[members[0]].identity)
            for i in members { item.absorb(records[i], findings: found[i]) }
            // A narrower query names the item too, but not its attributes: it lends operations only.
            for i in attached[key] ?? [] { item.absorb(records[i], findings: found[i], naming: false) }
            items.append(item.finished())
        }
        self.items = items.sorted { $0.sortKey.lexicographicallyPrecedes($1.sortKey) }
        self.problems = problems
        self.filesAnalysed = filesAnalysed
    }

    /// Without the operations inside functions that callers pass their dictionaries to, as the
    /// function's body sees them (the dictionary unknown there, so no class): each call's record
    /// holds that operation with the caller's dictionary and the route to it.
    private static func withoutReachedOperations(_ records: [InventoryRecord]) -> [InventoryRecord] {
        struct Place: Hashable { var path: String; var line: Int }
        let reached = Set(records.compactMap { $0.reaches.map { Place(path: $0.path, line: $0.line) } })
        guard !reached.isEmpty else { return records }
        return records.filter { record in
            guard case .computed? = record.identity.itemClass else { return true }
            return !reached.contains(Place(path: record.operation.path, line: record.operation.line))
        }
    }

    /// The rule ids of the findings about each record's operation: those reported at one of its
    /// spots (path, line and column); a finding at no record's spot goes to the records with a
    /// spot on its line, as a finding about the line.
    private static func findings(_ findings: [Finding], of records: [InventoryRecord]) -> [Set<String>] {
        var bySpot: [InventorySpot: [Int]] = [:], byLine: [InventorySpot: [Int]] = [:]
        for (i, record) in records.enumerated() {
            for spot in record.spots {
                bySpot[spot, default: []].append(i)
                byLine[InventorySpot(path: spot.path, line: spot.line, column: 0), default: []].append(i)
            }
        }
        var out = Array(repeating: Set<String>(), count: records.count)
        for finding in findings {
            let owners = bySpot[InventorySpot(path: finding.path, line: finding.line, column: finding.column)]
                ?? byLine[InventorySpot(path: finding.path, line: finding.line, column: 0)] ?? []
            for i in Set(owners) { out[i].insert(finding.ruleID) }
        }
        return out
    }
}

/// One keychain item: what names it, what protects it, where the code touches it.
public struct InventoryItem: Sendable, Equatable {
    /// Class and naming attributes. An attribute whose value the code computes holds the
    /// expressions it comes from, joined with ` | ` when several operations spell it differently.
    public var identity: InventoryIdentity
    /// Every operation on the item, by path and line.
    public var operations: [InventoryOperation] = []
    /// The protection of each add, in the order of `operations`.
    public var protections: [InventoryProtection] = []
    /// The wrapper library the item is made through (`KeychainAccess`), if any.
    public var library: String?
    /// The ids of the lint run's findings at the item's operations (the call, its dictionary and
    /// the entries written in the same file), sorted.
    public var findings: [String] = []

    public init(identity: InventoryIdentity) {
        self.identity = identity
    }

    /// What the analysis cannot resolve about the item: a class it cannot read (`kSecClass:
    /// unknown`), and each naming attribute the code computes, with its expression.
    public var unresolved: [String] {
        var out: [String] = []
        switch identity.itemClass {
        case nil: out.append("kSecClass: not set where the analysis can see it")
        case .computed(let expression)?: out.append("kSecClass: `\(expression)`")
        case .literal?: break
        }
        for (key, value) in identity.attributes {
            if case .computed(let expression)? = value { out.append("\(key): `\(expression)`") }
        }
        return out
    }

    /// The weakest accessibility its adds set (`InventoryAccessibility.strength`); a computed one
    /// when no add sets a constant; `nil` when no add sets any (the system's default applies).
    public var accessibility: InventoryValue? {
        let set = protections.compactMap(\.accessibility)
        let known = set.compactMap(\.literal)
        if let weakest = known.max(by: { InventoryAccessibility.rank($0) < InventoryAccessibility.rank($1) }) { return .literal(weakest) }
        return set.first
    }

    /// `true` when an add makes the item synchronizable; computed when an add's value is and none is
    /// true; `false` when every add leaves it local; `nil` when the code never adds it.
    public var synchronizable: InventoryValue? {
        guard !protections.isEmpty else { return nil }
        let set = protections.compactMap(\.synchronizable)
        if set.contains(.literal("true")) { return .literal("true") }
        if let computed = set.first(where: { $0.literal == nil }) { return computed }
        return .literal("false")
    }

    /// `false` when an add may go to the file-based keychain on macOS; computed when an add's flag
    /// is; `true` when every add goes to the data protection keychain; `nil` with no add.
    public var dataProtectionKeychain: InventoryValue? {
        guard !protections.isEmpty else { return nil }
        let values = protections.map(\.dataProtectionKeychain)
        if values.contains(.literal("false")) { return .literal("false") }
        return values.first { $0.literal == nil } ?? .literal("true")
    }

    /// The platforms any add is built for, in `Platform` order.
    public var platforms: [Platform] {
        let all = Set(protections.flatMap(\.platforms))
        return Platform.allCases.filter(all.contains)
    }

    /// `naming`: the record names this item (its attributes and library join the item's); a
    /// narrower query attached to it lends only its operation and findings.
    mutating func absorb(_ record: InventoryRecord, findings: Set<String>, naming: Bool = true) {
        if naming {
            identity.merge(record.identity)
            if library == nil { library = record.library }
        }
        operations.append(record.operation)
        if let protection = record.protection { protections.append(protection) }
        if !findings.isSubset(of: self.findings) { self.findings = Set(self.findings).union(findings).sorted() }
    }

    func finished() -> InventoryItem {
        var item = self
        let order = { (a: InventoryOperation, b: InventoryOperation) in
            (a.path, a.line, a.kind.rawValue, a.route.joined(separator: "/")) < (b.path, b.line, b.kind.rawValue, b.route.joined(separator: "/"))
        }
        item.operations = Array(Set(operations)).sorted(by: order)
        item.protections = Array(Set(protections)).sorted { ($0.path, $0.line) < ($1.path, $1.line) }
        return item
    }

    var sortKey: [String] {
        [identity.itemClass?.text ?? "~"] + identity.attributes.map { $0.value?.text ?? "" }
    }
}

extension InventoryIdentity {
    /// Adds `other`'s computed expressions to this identity's (same key, so same shape).
    mutating func merge(_ other: InventoryIdentity) {
        func joined(_ a: InventoryValue?, _ b: InventoryValue?) -> InventoryValue? {
            guard case .computed(let x)? = a, case .computed(let y)? = b else { return a }
            // Four spellings say enough; the operations list the rest.
            let parts = x.components(separatedBy: " | ")
            if parts.contains(y) || parts.last == "…" { return a }
            return .computed(expression: x + " | " + (parts.count < 4 ? y : "…"))
        }
        itemClass = joined(itemClass, other.itemClass)
        service = joined(service, other.service)
        account = joined(account, other.account)
        server = joined(server, other.server)
        `protocol` = joined(`protocol`, other.protocol)
        applicationTag = joined(applicationTag, other.applicationTag)
        label = joined(label, other.label)
        keyType = joined(keyType, other.keyType)
        accessGroup = joined(accessGroup, other.accessGroup)
    }
}

/// The accessibility constants ordered by strength, so a change can be called weaker.
///
/// Strongest first: an item that needs a passcode and an unlocked device, then one that needs an
/// unlocked device, then one readable after the first unlock since boot, then the deprecated
/// `Always` ones. Within a level, `ThisDeviceOnly` is stronger: the item never leaves the device
/// in a backup or a migration.
public enum InventoryAccessibility {
    public static let byStrength = [
        "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly",
        "kSecAttrAccessibleWhenUnlockedThisDeviceOnly",
        "kSecAttrAccessibleWhenUnlocked",
        "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly",
        "kSecAttrAccessibleAfterFirstUnlock",
        "kSecAttrAccessibleAlwaysThisDeviceOnly",
        "kSecAttrAccessibleAlways",
    ]

    /// 0 for the strongest; an unknown constant ranks as `kSecAttrAccessibleWhenUnlocked`, the
    /// system's default, and an item that sets none has that default too.
    public static func rank(_ constant: String?) -> Int {
        byStrength.firstIndex(of: constant ?? "") ?? byStrength.firstIndex(of: "kSecAttrAccessibleWhenUnlocked")!
    }
}
