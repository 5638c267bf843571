import KeychainLintSyntax

/// Turns one file's code into keychain dictionary uses.
///
/// One walk over the file follows dictionary variables through their scope (subscripts,
/// `updateValue`, `merge`, removals) and links each to the calls it flows into. Constants and
/// helpers are resolved on demand from `Declarations`, memoised, with a guard against cycles,
/// so every token is visited a bounded number of times. What the walk takes from other files is
/// noted in its `log`, which only the engine reads (`FileModel`).
///
/// The per-file tables the walks read and write at every name are not checked for exclusive
/// access at run time (`@exclusivity(unchecked)`): each check costs more than the access, and
/// no access to them spans a call that could reach them again.
final class DictionaryExtractor {
    let code: CodeView
    let symbols: ProjectSymbols
    /// Whether the walk may jump over code that names nothing relevant (`Relevance`) and leave
    /// its locals unrecorded. Off, every body is walked: the unoptimised path, which must find
    /// exactly the same (the benchmark and the tests compare the two).
    let skipsIrrelevantCode: Bool
    let declarations: Declarations
    /// Literal `[` indices already read as part of a larger construct, so they are not reported twice.
    @exclusivity(unchecked) var consumed: [Bool]
    var uses: [KeychainUse] = []

    /// Dictionaries returned by helpers (or held by dictionary properties), reported as unseen uses
    /// only when no code in the file uses the helper.
    var helperOwnedUses: [(name: String, use: KeychainUse)] = []
    /// By name id: helpers of this file some code uses.
    @exclusivity(unchecked) private var referencedHelpers: [Bool]
    /// What the walk takes from outside the file (names looked up in the project's symbols,
    /// entries of other files' helpers, routed calls), for the engine: the walk writes it and
    /// decides nothing on what it holds.
    let log: DependencyLog
    /// Helpers (by name id) whose dictionary starts from one the file cannot read (`var q = options; …; return q`).
    var openHelpers: Set<Int32> = []
    /// By name id: names written like a dictionary somewhere in the file (`x[…] = …`, `x.updateValue(…)`):
    /// only such a `var` is followed when its initializer cannot be read.
    private(set) lazy var dictionaryMutatedNames: [Bool] = Self.mutatedNames(code)
    /// Where the file may write a property like a dictionary or copy `self` (`selfWrites(in:)`).
    private(set) lazy var selfWriteSites: [Int32] = Self.selfWriteSites(code)
    /// The file spells `SecItemAdd`: only then can a method called on a value with no dictionary
    /// passed (`store.removeAll()`) matter through the items it deletes or updates (a delete before
    /// an add). Elsewhere such calls do not look up the project's methods of the name, so the
    /// file is not linted again each time the project's summaries of a common name change.
    /// By name id: the project's functions of the name that delete or update a dictionary they
    /// are passed (`projectPassedItemChanges(named:)`); nil when not asked yet.
    var projectItemChangers: [[ItemChange.Passing]?] = []
    private(set) lazy var spellsItemAdd: Bool = code.nameID(of: "SecItemAdd") != nil
    /// The file's `struct` names (`isMemberwiseStruct`).
    private(set) lazy var structNames = Self.structNames(code)
    /// The file spells SecItemDelete, SecItemUpdate or a name the project's symbols delete or
    /// update through (`ProjectSymbols.itemPassingNames`): else none of its functions changes an
    /// item of its own, and `mayChangeItems` only notes what it depends on.
    private(set) lazy var spellsItemChanges: Bool = code.nameID(of: "SecItemDelete") != nil
        || code.nameID(of: "SecItemUpdate") != nil || symbols.itemPassingNames.contains { code.nameID(of: $0) != nil }
    /// By type body `{`: its `let`/`var` members by name id (`memberDeclaration(of:inTypeAt:)`).
    var memberDeclarations: [Int: [Int32: Int]] = [:]

    @exclusivity(unchecked) var constantMemo: [Int: KeychainValue] = [:]
    /// By the body's `{` (`caseValues(of:)`).
    var caseValueMemo: [Int: [Int32: KeychainValue]] = [:]
    var constantsInProgress: Set<Int> = []
    /// By name id.
    var passThroughMemo: [Int32: Bool] = [:]
    var passThroughInProgress: Set<Int32> = []
    /// By name id. nil inside: the name has a body but returns no dictionary (remembered so it is walked once).
    private var helperMemo: [Int32: [KeychainEntry]?] = [:]
    var helpersInProgress: Set<Int32> = []
    /// How many helper evaluations were cut short because the helper was already being evaluated.
    var recursionCuts = 0
    /// By name id and receiver type (`typedHelperEntries`).
    var typedHelperMemo: [Int64: [KeychainEntry]?] = [:]
    /// By name id and protocol (`conformingHelperEntries`).
    var conformingHelperMemo: [Int64: [KeychainEntry]?] = [:]
    /// By the declarations read (`initializedPropertyEntries`).
    var initializedPropertyMemo: [[Int]: [KeychainEntry]?] = [:]
    var initializedPropertiesInProgress: Set<Int32> = []
    /// By name id (`propertyWriters`).
    var propertyWritersMemo: [Int32: Set<Int32>] = [:]
    /// By function body `{`: the names its parameters and locals declare (`declaresLocal`).
    var localNamesMemo: [Int: Set<Int32>] = [:]
    private(set) lazy var nameOccurrences = Self.occurrences(code)
    /// By name id (`injectedOperation(named:)`), made with the first call asked about.
    var injectedOperations: [Int32: KeychainOperation?]?
    private(set) lazy var storedMembersByOwner = Self.storedMembersByOwner(declarations, code)
    private(set) lazy var bodiesByOpen = Self.bodiesByOpen(declarations)
    private(set) lazy var membersByOwner = Self.membersByOwner(declarations)
    /// By the `{` of the overloads a call can bind (`overloadedHelperEntries`).
    var overloadMemo: [[Int]: [KeychainEntry]?] = [:]
    var overloadsInProgress: Set<Int> = []
    /// By body `{`: function summaries, nil inside when the function has none.
    var summaryMemo: [Int: FunctionSummary?] = [:]
    var summaryStack = SummaryStack()
    /// By name id: callees that build their keychain dictionary themselves (`buildsItsOwnDictionary(calleeAt:)`).
    private(set) lazy var dictionaryBuildingCallees = nameFlags(symbols.dictionaryBuildingFunctions)
    /// By name id: names the project offers as helpers (`ProjectSymbols.helperNames`).
    private(set) lazy var projectHelperNames = nameFlags(symbols.helperNames)

    /// By name id: whether the file's name is one of `names` (the file's few spellings looked up
    /// once, not each call's name spelled out and hashed).
    private func nameFlags(_ names: Set<String>) -> [Bool] {
        var flags = [Bool](repeating: false, count: code.names.count)
        for name in names {
            if let id = code.nameID(of: name) { flags[Int(id)] = true }
        }
        return flags
    }
    /// By name id: the summaries a call of that name may stand for (allocated with the first call asked about).
    @exclusivity(unchecked) var summaryLists: [[FunctionSummary]?] = []
    /// Nesting of on-demand evaluations (constants within constants, helpers within helpers).
    @exclusivity(unchecked) var evaluationDepth = 0
    static let maxEvaluationDepth = 48

    init(code: CodeView, symbols: ProjectSymbols, skipsIrrelevantCode: Bool = true) {
        self.code = code
        self.symbols = symbols
        self.skipsIrrelevantCode = skipsIrrelevantCode
        self.declarations = Declarations(code: code)
        self.consumed = [Bool](repeating: false, count: code.count)
        self.referencedHelpers = [Bool](repeating: false, count: code.names.count)
        self.log = DependencyLog(code: code)
    }

    /// What the file-wide walk may jump over, worked out when it starts.
    private(set) lazy var relevance = Relevance(code: code, declarations: declarations, symbols: symbols)
    /// The wrapper libraries the file imports (`WrapperExtractor` reads their calls).
    private(set) lazy var importedLibraries = WrapperExtractor.importedLibraries(code)
    /// The file imports XCTest or Testing: its `func test…()` methods are tests (`isTestMethod`).
    private(set) lazy var importsTestFramework = WrapperExtractor.imports(["XCTest", "Testing"], code)
    /// What the file's types conform to, read when a protocol extension's `self.member` is first looked up.
    private(set) lazy var conformances = Conformances(code: code)

    func extract() -> [KeychainUse] {
        // Locals of bodies that name nothing relevant cannot bring a key in; wrapper calls are read
        // without that test, so a file importing a wrapper library keeps them all.
        let relevance = self.relevance
        let keepAll = !skipsIrrelevantCode || !importedLibraries.isEmpty
        declarations.recordLocals(code: code) { keepAll || relevance.mentionsRelevant($0) }
        let walk = FlowWalk(extractor: self, range: 0..<code.count, collectsReturnsOnly: false)
        walk.run()
        // A jumped-over body may name what another file declares: its names count as consulted.
        log.noteMentionedNames(declarations)
        for (name, use) in helperOwnedUses where !isReferencedHelper(name) && !symbols.externallyUsedHelpers.contains(name) {
            uses.append(use)
        }
        return uses
    }

    /// A call of the file's function `id` was followed through its summary: what the function
    /// returns is used there, not unseen.
    func noteReferencedHelper(_ id: Int32) {
        referencedHelpers[Int(id)] = true
    }

    private func isReferencedHelper(_ name: String) -> Bool {
        guard let id = code.nameID(of: name) else { return false }
        return referencedHelpers[Int(id)]
    }

    // MARK: Names

    /// What a callee name can stand for, worked out once per name: every call of the file asks.
    private struct CalleeFacts {
        var security: KeychainOperation?
        var isDeclared: Bool
        var hasBinding: Bool
        var alias: KeychainOperation?
    }
    @exclusivity(unchecked) private var calleeFacts: [CalleeFacts?] = []

    /// The operation the callee identifier at `index` stands for: a Security function or a stored
    /// reference to one. `consulting` false: another name is not noted as looked up (`mayChangeItems`
    /// notes what it depends on itself).
    func operation(at index: Int, consulting: Bool = true) -> KeychainOperation? {
        let id = Int(code.nameID(index))
        guard id >= 0 else { return nil }
        if calleeFacts.isEmpty { calleeFacts = [CalleeFacts?](repeating: nil, count: code.names.count) }
        if calleeFacts[id] == nil {
            let name = code.spelling(Int32(id))
            let declared = declarations.isDeclared(Int32(id))
            calleeFacts[id] = CalleeFacts(security: declared ? nil : KeychainOperation(functionName: name), isDeclared: declared,
                                          hasBinding: declarations.bindings.contains(Int32(id)),
                                          alias: symbols.functionAliases.isEmpty ? nil : symbols.functionAliases[name])
        }
        let facts = calleeFacts[id]!
        if let op = facts.security { return op }
        guard !code.isKeyword(index - 1, "func") else { return nil }  // a declaration (`+StoredReferences`)
        if facts.hasBinding, let binding = declarations.binding(named: Int32(id), at: index), binding.initializer.count == 1,
           code.kind(binding.initializer.lowerBound) == .identifier {
            guard let op = KeychainOperation(functionName: code.text(binding.initializer.lowerBound)) else { return nil }
            return callsFunctionValue(open: index + 1, arguments: op.argumentCount) ? op : nil
        }
        if !declarations.bodies.contains(Int32(id)), code.kind(index - 1) != .period || code.isKeyword(index - 2, "self"),
           let op = injectedOperation(named: Int32(id)), callsFunctionValue(open: index + 1, arguments: op.argumentCount) {
            return op
        }
        // Another file's reference, unless this file declares the name (its own method); most calls get here.
        guard !facts.isDeclared else { return nil }
        if consulting { log.consult(Int32(id), for: ConsultKinds.alias) }
        guard let alias = projectAlias(calledAt: index, bare: facts.alias), callsFunctionValue(open: index + 1, arguments: alias.argumentCount)
        else { return nil }
        return alias
    }

    /// What a name the file does not declare resolves to (`FlowWalk.resolve`), by name id: most
    /// names a walk resolves are Security constants, each read many times. A slot of -1 is not yet known.
    @exclusivity(unchecked) private var plainValueSlots: [Int32] = []
    @exclusivity(unchecked) private var plainValues: [KeychainValue] = []

    func plainValue(of name: Int32) -> KeychainValue? {
        guard !plainValueSlots.isEmpty, case let slot = plainValueSlots[Int(name)], slot >= 0 else { return nil }
        return plainValues[Int(slot)]
    }

    func remember(_ value: KeychainValue, asPlainValueOf name: Int32) {
        if plainValueSlots.isEmpty {
            plainValueSlots = [Int32](repeating: -1, count: code.names.count)
            plainValues.reserveCapacity(64)
        }
        plainValueSlots[Int(name)] = Int32(plainValues.count)
        plainValues.append(value)
    }

    /// The value of a same-file constant, evaluated once.
    func constantValue(named name: Int32, at index: Int) -> KeychainValue? {
        guard let binding = declarations.binding(named: name, at: index) else {
            return declarations.bindings.contains(name) ? .unknown : nil
        }
        return constantValue(of: binding)
    }

    /// What `Type.name` or `self.name` stands for: a member constant, never a local of that name.
    /// With `owner` (`VaultKeys.klass`), a member of another type of that name does not count.
    func memberConstantValue(named name: Int32, owner: Int32?) -> KeychainValue? {
        guard declarations.bindings.contains(name),
              declarations.bindings[name].contains(where: { $0.isMember && (owner == nil || $0.owner == owner) }) else { return nil }
        guard let binding = declarations.memberBinding(named: name, owner: owner) else { return .unknown }
        return constantValue(of: binding)
    }

    func constantValue(of binding: Declarations.Binding) -> KeychainValue {
        let key = binding.nameIndex
        if let memo = constantMemo[key] { return memo }
        guard !constantsInProgress.contains(key), evaluationDepth < Self.maxEvaluationDepth else { return .unknown }
        constantsInProgress.insert(key)
        evaluationDepth += 1
        let walk = FlowWalk(extractor: self, range: binding.initializer, collectsReturnsOnly: true)
        var value = walk.value(binding.initializer)
        // A `var` may be reassigned anywhere: keep only what a reassignment cannot change the meaning of.
        if !binding.isLet, case .string = value { value = .unknown }
        evaluationDepth -= 1
        constantsInProgress.remove(key)
        constantMemo[key] = value
        return value
    }

    /// Entries of the dictionary a helper function, computed property or dictionary property returns.
    /// A helper from another file is read as if its entries were written at the use (`index`),
    /// so findings stay in the file being linted.
    func helperEntries(named name: Int32, at index: Int) -> [KeychainEntry]? {
        guard let entries = anyCallHelperEntries(named: name, at: index) else { return nil }
        return pickingFlagBranches(entries, ofOnlyFunctionNamed: name, callAt: index)
    }

    private func anyCallHelperEntries(named name: Int32, at index: Int) -> [KeychainEntry]? {
        if !declarations.bodies.contains(name) && !declarations.memberInitializers.contains(name) {
            // A stored property of the file is never another file's helper of its name.
            if declarations.storedMembers.contains(name) { return initializedPropertyEntries(named: name, at: index) }
            if let typed = foreignTypedMemberEntries(named: name, at: index) { return typed }
            log.consult(name, for: ConsultKinds.helper)
            guard !symbols.helpers.isEmpty else { return nil }
            let spelling = code.spelling(name)
            guard let foreign = symbols.helpers[spelling] else { return nil }
            let salt = spelling.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) }
            return rebased(foreign, helper: spelling, region: code.region[index], salt: salt)
        }
        // A local function or computed variable is only its own scope's (`var lookup: … { … }` in two methods).
        var bodies = declarations.bodies(named: name)
        let scoped = bodies.contains { $0.isLocal }
        if scoped {
            bodies = bodies.filter { body in
                let outer = Int(code.enclosingBraces[body.open])
                return !body.isLocal || (outer >= 0 && outer < index && index < code.after(outer))
            }
        }
        if let overloaded = overloadedHelperEntries(named: name, callAt: index, among: bodies) { return overloaded }
        if let owner = receiverType(ofMemberAt: index),
           let typed = typedHelperEntries(named: name, owner: owner) ?? conformingHelperEntries(named: name, protocol: owner) {
            return typed
        }
        if let conforming = implicitSelfConformingEntries(named: name, at: index) { return conforming }
        // A bare property in a method is `self`'s: its own type's, when that type declares it. (A
        // method may be an override that calls `super`'s: calls still read every body of the name.)
        // (A helper's body is walked without its parameters: one of the name is no property.)
        if code.kind(index - 1) != .period, code.kind(index + 1) != .leftParen, let owner = ownerOfEnclosingFunction(at: index),
           !declaresLocal(name, around: index),
           let typed = typedHelperEntries(named: name, owner: owner) {
            return typed
        }
        // Scoped bodies differ by where the name is read: their value is not kept under the name.
        if !scoped, let memo = helperMemo[name] {
            if memo != nil { referencedHelpers[Int(name)] = true }
            return memo
        }
        let initializers = declarations.memberInitializers[name]
        guard let entries = walkHelper(name, bodies: bodies, initializers: initializers) else {
            if !scoped { helperMemo[name] = .some(nil) }
            return nil
        }
        if !scoped { helperMemo[name] = entries }
        referencedHelpers[Int(name)] = true
        return entries
    }

    private static func mutatedNames(_ code: CodeView) -> [Bool] {
        var names = [Bool](repeating: false, count: code.names.count)
        for i in 0..<code.count where code.kind(i) == .identifier {
            switch code.kind(i + 1) {
            case .leftBracket:
                if code.is(code.after(i + 1), "=") { names[Int(code.nameID(i))] = true }
            case .period:
                let m = i + 2
                if code.kind(m + 1) == .leftParen, code.isIdentifier(m, "updateValue") || code.isIdentifier(m, "removeValue")
                    || code.isIdentifier(m, "merge") || code.isIdentifier(m, "setValue") || code.isIdentifier(m, "setObject") {
                    names[Int(code.nameID(i))] = true
                }
            default:
                break
            }
        }
        return names
    }
}
