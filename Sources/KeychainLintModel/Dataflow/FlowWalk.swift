import KeychainLintSyntax

/// One forward walk over a range of code that follows dictionary variables.
///
/// Entries reach a use on *some* path: an entry added in an `if` or `#if` is present after it.
/// A removal (`removeValue(forKey:)`, `q[k] = nil`, reassignment) applies only to uses still
/// inside the block it was written in, so a removal in one branch does not hide the entry on the other.
final class FlowWalk {
    /// Strong: a walk lives only while the extractor runs it and the extractor keeps no walk, so
    /// there is no cycle, and every one of the walk's many reads of it would pay an `unowned` check.
    let extractor: DictionaryExtractor
    let code: CodeView
    let range: Range<Int>
    /// When true (helpers and constants evaluated on demand), nothing is recorded; only what the
    /// walked body returns is kept.
    let collectsReturnsOnly: Bool

    /// A change to a tracked dictionary, in source order.
    enum Event {
        case add(KeychainEntry)
        case remove(key: String, block: Int)
        case reset(block: Int)
        /// Reassigned from a dictionary the file cannot read.
        case resetToUnknown(block: Int)
        /// Merged with a dictionary the file cannot read (`q.merge(options)`): its entries stay,
        /// and any other key may now be there too, on every path after it. `parameter`: in a
        /// summarised body, the parameter merged in (`attributes.merge(extra)`), -1 for another.
        case mergeUnknown(parameter: Int32)
    }

    struct Variable {
        var name: Int32
        /// The variable of the same name this one hides, -1 for none.
        var shadowed: Int32
        var declOffset: Int
        /// The code index of the name where it is declared, -1 for an instance's synthetic variable.
        var declIndex: Int32 = -1
        var events: [Event]
        var block: Int
        var flowsIntoCall = false
        var isReturned = false
        /// Declared from a dictionary the file cannot read (`var q = options`).
        var hasUnknownBase = false
        /// In a summarised body: the parameter whose dictionary this variable starts from, -1 for none.
        var parameter: Int32 = -1
    }

    struct OpenBlock {
        var open: Int
        var id: Int
        var kind: BlockKind
        var variables: [Int] = []
        /// The arm of an `if`/`else` chain this block is.
        var arm: BranchPath.Arm?
        /// In a `switch` body: the case being walked.
        var caseArm: BranchPath.Arm?
        var isSwitch = false
    }

    /// The walk's hot state is not checked for exclusive access at run time (see `DictionaryExtractor`).
    @exclusivity(unchecked) var variables: [Variable] = []
    /// Name id → the innermost visible variable of that name, -1 for none (allocated with the first variable).
    @exclusivity(unchecked) var visible: [Int32] = []
    /// Variables declared and not yet out of scope: while none is, a jump test need not look
    /// for them (`visible` stays allocated, all -1, once the first variable has come and gone).
    var visibleVariables = 0
    @exclusivity(unchecked) var blocks: [OpenBlock] = []
    /// Open blocks other than the root and type bodies (function, closure, control): while any is
    /// open, the walk is inside code and never jumps over a body.
    var openCodeBlocks = 0
    /// Per block id: still open.
    @exclusivity(unchecked) var blockIsOpen: [Bool] = []
    /// What the walked function body returns, when it returns a dictionary.
    var returnedEntries: [KeychainEntry]?
    /// Some return starts from a dictionary the file cannot read.
    var returnsUnknownBase = false
    /// Arms of closed `if`/`else` blocks by their `{`, so a following `else` continues the chain.
    var closedArms: [Int: BranchPath.Arm] = [:]
    /// Set when the walk summarises a function body (`DictionaryExtractor.summary(of:)`): its
    /// dictionary parameters are tracked, and what reaches an operation or is returned is noted here.
    var summary: FunctionSummary?
    /// The names of `return name` statements in the walked range, read once (`handsBack`).
    var returnedNameIDs: Set<Int32>?
    /// Recording a callee's item changes at its call (`applyItemChanges`): they are not the
    /// caller's own. Item changes pass one call only — from a function that deletes or updates
    /// its own item to its callers — so they do not spread through every caller of a caller
    /// (`viewDidLoad` → `signOut` → …), making summaries of common names change round after
    /// round and the files that call them linted again each time.
    var isApplyingItemChanges = false
    /// The summarised body's dictionary parameters: (parameter index, code index of the internal name).
    var summarisedParameters: [(index: Int, nameIndex: Int)] = []
    /// Its function-typed parameters, whose calls may receive a dictionary parameter (`ClosureSink`).
    var summarisedClosures: [(index: Int, nameIndex: Int)] = []
    /// The first `throw` of the walked body (`ParameterSink.afterThrow`), found on first use.
    lazy var firstThrow: Int = range.first { code.isKeyword($0, "throw") } ?? range.upperBound
    /// Instances of the project's types followed through locals, and `self`'s properties while a method is summarised.
    var instances = InstanceTable()
    /// Set when an initializer is walked for the value it gives a stored property (`InitializedProperty`).
    var initializedProperty: (nameIndex: Int, variable: Int)?
    var initializedValue: (entries: [KeychainEntry], unknownBase: Bool)?
    /// The parameter list of the body walked on its own, whose parameters hide helpers of their names.
    var rootParameters: Int?

    init(extractor: DictionaryExtractor, range: Range<Int>, collectsReturnsOnly: Bool) {
        self.extractor = extractor
        self.code = extractor.code
        self.range = range
        self.collectsReturnsOnly = collectsReturnsOnly
    }

    func run() {
        code.work += range.count
        pushBlock(open: range.lowerBound - 1, kind: .function(name: nil))
        var i = range.lowerBound
        while i < range.upperBound {
            switch code.kind(i) {
            case .leftBrace:
                if i == range.lowerBound, let top = blocks.last, top.open == i - 1 {
                    // The walked body's own brace opens the root block.
                    if top.open < 0 { openCodeBlocks += 1 }
                    blocks[blocks.count - 1].open = i
                } else {
                    let kind = code.blockKind(opening: i)
                    if case .function = kind, jumpsOver(i..<code.after(i), variablesCount: true) {
                        i = code.after(i)
                        continue
                    }
                    pushBlock(open: i, kind: kind)
                }
                if i == range.lowerBound && initializedProperty != nil { declareInitializedProperty() }
                // A body walked on its own (a helper's, an initializer's) has a root block of no name.
                if i == range.lowerBound, let open = rootParameters { shadowParameters(listAt: open, named: initializedProperty.map { code.nameID($0.nameIndex) }) }
                shadowParameters(ofBodyAt: i)
                if i == range.lowerBound && summary != nil { declareSummarisedParameters() }
                implicitReturn(ofBlockAt: i)
            case .rightBrace:
                if let top = blocks.last, top.open >= 0, code.partner[top.open] == Int32(i), blocks.count > 1 {
                    popBlock()
                }
            case .keyword:
                if code.isKeyword(i, "let") || code.isKeyword(i, "var") {
                    declaration(at: i)
                } else if code.isKeyword(i, "return") {
                    returnStatement(at: i)
                } else if code.isKeyword(i, "case") || code.isKeyword(i, "default") {
                    caseLabel(at: i)
                }
            case .identifier:
                identifier(at: i)
            case .leftBracket:
                standaloneLiteral(at: i)
                subscriptCall(open: i)
            default:
                break
            }
            i += 1
        }
        if summary != nil { noteBodyEnd() }
        if initializedProperty != nil { noteInitializedValue() }
        while !blocks.isEmpty { popBlock() }
    }

    // MARK: Variables

    /// The variable the identifier at code index `i` names, if one is in scope.
    func variableIndex(at i: Int) -> Int? {
        let id = code.nameID(i)
        guard id >= 0, !visible.isEmpty, visible[Int(id)] >= 0 else { return nil }
        return Int(visible[Int(id)])
    }

    func snapshot(_ index: Int) -> [KeychainEntry] {
        code.work += variables[index].events.count
        var entries: [KeychainEntry] = []
        entries.reserveCapacity(variables[index].events.count)
        for event in variables[index].events {
            switch event {
            case .add(let entry): entries.append(entry)
            case .remove(let key, let block): if blockIsOpen[block] { entries.removeAll { $0.key == key } }
            case .reset(let block), .resetToUnknown(let block): if blockIsOpen[block] { entries.removeAll() }
            case .mergeUnknown: continue
            }
        }
        return entries
    }

    /// Whether the variable starts from an unknown dictionary at this point, and which keys were
    /// removed since (those are known to be absent).
    func openness(_ index: Int) -> (unknownBase: Bool, absent: Set<String>) {
        var unknown = variables[index].hasUnknownBase
        // Removed keys matter only when the dictionary ends up unknown: find that out first.
        for event in variables[index].events {
            switch event {
            case .reset(let block): if blockIsOpen[block] { unknown = false }
            case .resetToUnknown(let block): if blockIsOpen[block] { unknown = true }
            case .mergeUnknown: unknown = true
            case .add, .remove: break
            }
        }
        guard unknown else { return (false, []) }
        var absent = Set<String>()
        for event in variables[index].events {
            switch event {
            case .add(let entry): if !absent.isEmpty { absent.remove(entry.key) }
            case .remove(let key, let block): if blockIsOpen[block] { absent.insert(key) }
            case .reset(let block): if blockIsOpen[block] { unknown = false; absent.removeAll() }
            case .resetToUnknown(let block): if blockIsOpen[block] { unknown = true; absent.removeAll() }
            case .mergeUnknown: absent.removeAll()
            }
        }
        return (unknown, unknown ? absent : [])
    }

    /// A variable named by the identifier at `nameIndex`.
    func declareVariable(nameIndex: Int, entries: [KeychainEntry], unknownBase: Bool = false, parameter: Int? = nil) {
        let id = code.nameID(nameIndex)
        guard id >= 0 else { return }
        if visible.isEmpty { visible = [Int32](repeating: -1, count: code.names.count) }
        let index = variables.count
        var variable = Variable(name: id, shadowed: visible[Int(id)], declOffset: code.offset(nameIndex),
                                events: entries.map(Event.add), block: currentBlockID)
        variable.hasUnknownBase = unknownBase
        variable.declIndex = Int32(nameIndex)
        if let parameter { variable.parameter = Int32(parameter) }
        variables.append(variable)
        visible[Int(id)] = Int32(index)
        visibleVariables += 1
        if !blocks.isEmpty { blocks[blocks.count - 1].variables.append(index) }
    }

    static func isKeychainDictionary(_ entries: [KeychainEntry]) -> Bool {
        entries.contains { entry in
            guard entry.key == "kSecClass" else { return false }
            switch entry.value {
            case .symbol(let s): return s.hasPrefix("kSecClass")
            case .string: return false
            default: return true
            }
        }
    }

    func record(_ use: KeychainUse) {
        if summary != nil { noteItemChange(use) }
        if !collectsReturnsOnly { extractor.uses.append(contentsOf: use.alternatives) }
    }

    // MARK: Statements

    /// `let`/`var NAME (: T)? = INIT`: a dictionary initializer starts a tracked variable;
    /// in a type body it is a dictionary property (a helper).
    private func declaration(at i: Int) {
        if code.kind(i + 1) == .leftParen {
            tuplePattern(at: i + 1)
            return
        }
        guard code.kind(i + 1) == .identifier else { return }
        let nameIndex = i + 1
        var j = i + 2
        var annotatesDictionary = false
        if code.kind(j) == .colon {
            j += 1
            if code.kind(j) == .leftBracket, code.firstTopLevel(in: code.interior(of: j), where: { self.code.kind($0) == .colon }) != nil {
                annotatesDictionary = true
            }
            if code.isIdentifier(j, "Dictionary") || code.isIdentifier(j, "NSMutableDictionary") { annotatesDictionary = true }
            let limit = min(code.count, j + CodeView.maxExpressionSteps)
            while j < limit && !code.is(j, "=") && code.kind(j) != .leftBrace && !code.startsStatement(j) {
                switch code.kind(j) {
                case .leftParen, .leftBracket: j = code.after(j)
                default: j += 1
                }
            }
        }
        let isMember = blocks.last?.kind == .type
        guard code.is(j, "=") else {
            if annotatesDictionary && !isMember { declareVariable(nameIndex: nameIndex, entries: []) }
            return
        }
        let end = code.expressionEnd(from: j + 1, stopAtBrace: Declarations.isConditionBinding(i, code: code))
        let initializer = (j + 1)..<end
        // A type member's dictionary matters only when it is a keychain one (`helperOwnedUses`).
        if isMember && jumpsOver(initializer, variablesCount: false) { return }
        guard let dictionary = dictionary(initializer) else {
            if !isMember, declareInstance(nameIndex: nameIndex, initializer: initializer) { return }
            // `var q = options` later filled with `q[kSec…] = …`: follow what is written here.
            if !isMember, code.isKeyword(i, "var"), extractor.dictionaryMutatedNames[Int(code.nameID(nameIndex))], isOpaque(initializer) {
                declareVariable(nameIndex: nameIndex, entries: [], unknownBase: true)
            }
            return
        }
        if isMember {
            if !collectsReturnsOnly && Self.isKeychainDictionary(dictionary.entries) {
                extractor.helperOwnedUses.append((code.text(nameIndex), KeychainUse(
                    dictionary: KeychainDictionary(entries: dictionary.entries, originOffset: dictionary.originOffset, isVariable: !dictionary.isLiteral),
                    call: nil, role: .query)))
            }
            return
        }
        if let source = dictionary.variable { variables[source].flowsIntoCall = true }
        declareVariable(nameIndex: nameIndex, entries: dictionary.entries, unknownBase: dictionary.hasUnknownBase,
                        parameter: dictionary.parameter)
    }

    /// `let (a, b) = …`: the names are locals whose values the file cannot read; declaring them
    /// keeps a member of the same name (a dictionary property) from being taken for them.
    private func tuplePattern(at open: Int) {
        guard !(blocks.last?.kind == .type) else { return }
        for element in code.elements(of: open) {
            guard let last = element.last, code.kind(last) == .identifier, element.count == 1 else { continue }
            declareVariable(nameIndex: last, entries: [], unknownBase: true)
        }
    }

    /// An initializer that may be a dictionary the file cannot read: a name, a member, a call
    /// (not a literal of another type).
    private func isOpaque(_ initializer: Range<Int>) -> Bool {
        guard let first = initializer.first else { return false }
        switch code.kind(first) {
        case .identifier: return true
        case .keyword: return code.isKeyword(first, "self") || code.isKeyword(first, "try")
        default: return false
        }
    }

    private func returnStatement(at i: Int) {
        guard i + 1 < code.count, !code.startsLine[i + 1] || code.kind(i + 1) == .leftBracket else { return }
        let end = code.expressionEnd(from: i + 1)
        returned((i + 1)..<end)
    }

    /// A body that is one expression returns it: a literal (`var query: [String: Any] { [...] }`)
    /// or a call or member (`var base: [String: Any] { service.makeQuery() }`).
    private func implicitReturn(ofBlockAt open: Int) {
        guard case .function = blocks.last?.kind, blocks.last?.open == open,
              let expression = code.singleExpression(ofBlockAt: open, allowingReturn: false) else { return }
        let first = expression.lowerBound
        if code.kind(first) == .leftBracket || code.kind(first) == .identifier
            || code.isKeyword(first, "self") || code.isKeyword(first, "Self") {
            returned(expression)
        }
    }

    private func returned(_ expression: Range<Int>) {
        guard let function = enclosingFunction, let dictionary = dictionary(expression) else {
            if summary != nil { noteReturnedInstance(expression) }
            return
        }
        if let source = dictionary.variable { variables[source].isReturned = true }
        if collectsReturnsOnly {
            if summary != nil, let parameter = dictionary.parameter, function.id == 0 || function.open == range.lowerBound {
                noteReturnedParameter(parameter, dictionary)
            }
            if function.id == 0 || function.open == range.lowerBound {
                returnedEntries = (returnedEntries ?? []) + dictionary.entries
                if dictionary.hasUnknownBase { returnsUnknownBase = true }
            }
            return
        }
        guard case .function(let name?) = function.kind, dictionary.isKeychainDictionary else { return }
        extractor.helperOwnedUses.append((name, KeychainUse(
            dictionary: dictionary.keychainDictionary(isVariable: !dictionary.isLiteral), call: nil, role: .query)))
    }

    /// A dictionary literal no construct has claimed: a use that cannot be seen.
    private func standaloneLiteral(at i: Int) {
        // Keys are read from names (`kSecClass`, an alias, a local): a literal without any is no keychain dictionary.
        guard summary == nil, !extractor.consumed[i], containsIdentifier(i + 1, before: code.after(i)), let entries = dictionaryLiteral(at: i) else { return }
        if Self.isKeychainDictionary(entries) {
            record(KeychainUse(dictionary: KeychainDictionary(entries: entries, originOffset: code.offset(i), isVariable: false), call: nil, role: .query))
        }
    }

    /// Literal tokens read directly before asking the view's identifier counts.
    private static let scannedLiteralTokens = 32

    /// Whether an identifier lies in `start..<end`. Most literals are short (`[1, 2]`, `[String]`)
    /// or name something early: their first tokens answer, and the view's prefix counts, a pass
    /// over the whole file, are built only for a file with a long literal of no early name. Each
    /// literal reads a bounded number of tokens, so nested literals stay linear.
    private func containsIdentifier(_ start: Int, before end: Int) -> Bool {
        let lower = max(start, 0)
        let upper = min(end, code.count)
        let scanned = min(upper, lower + Self.scannedLiteralTokens)
        guard lower < scanned else { return false }
        code.work += scanned - lower
        let found = code.nameIDs.withUnsafeBufferPointer { ids in (lower..<scanned).contains { ids[$0] >= 0 } }
        if found || scanned == upper { return found }
        return code.containsIdentifier(scanned, before: upper)
    }
}
