import KeychainLintSyntax

/// What one file's analysis took from outside the file: the names it looked up in the project's
/// symbols and why (`ConsultKinds`), the names of the bodies the walk jumped over, the entries it
/// read from other files' helpers (`ForeignSpot`) and the calls that reach an operation inside a
/// summarised function. The walk writes it as it goes (the extractor holds one), and so does the
/// rules' one question about the project (`UserDeclarations`); the engine reads it once the
/// rules ran (`FileModel.dependencies()`); the walk decides nothing on what it holds.
///
/// Its tables are written at every name the walk resolves, so they are not checked for exclusive
/// access at run time (`@exclusivity(unchecked)`), like the extractor's.
final class DependencyLog {
    let code: CodeView
    /// Names looked up in the project's symbols because the file does not declare them: when
    /// the first pass finds one of them declared elsewhere, the file is read again with them.
    /// By name id, a `ConsultKinds` bit per reason it was looked up for; `consultedSpellings`
    /// holds those asked about that the file never spells.
    @exclusivity(unchecked) private var consultedIDs: [UInt8]
    /// By name id: the calls (their callee's index) the project's summaries of the name were looked up for.
    private var consultedCallSites: [Int32: [Int32]] = [:]
    private var consultedSpellings: Set<String> = []
    /// By name id: names whose project functions' item changes (`ItemChange.dependencyName`, bit 0)
    /// or deletes and updates of what they are passed, by number of arguments
    /// (`ItemChange.passingName`, bit n) the file depends on; empty until one is.
    @exclusivity(unchecked) private var consultedItemFacts: [UInt16] = []
    /// Name ids that occur in bodies the walk jumped over (empty until one is).
    @exclusivity(unchecked) private var skippedNames: [Bool] = []
    /// Of those, the names that follow a `.` there (`provider.query(…)`): a member of some
    /// value, which a local of the name declared in this file does not stand for.
    @exclusivity(unchecked) private var skippedMemberNames: [Bool] = []
    /// Name ids that occur in jumped-over bodies of functions with a dictionary parameter (empty
    /// until one is): such a function may forward its parameter to another file's function.
    @exclusivity(unchecked) private var skippedForwarderNames: [Bool] = []
    /// The undeclared names of those bodies.
    private(set) var mentionedNames: [String] = []
    /// Of those, the names of bodies of functions with a dictionary parameter.
    private(set) var forwarderMentionedNames: [String] = []
    /// Synthetic offsets (past the file's end) of entries read from other files' helpers.
    private(set) var foreignSpots: [Int: ForeignSpot] = [:]
    /// Calls in this file that pass a dictionary to each operation inside a summarised function,
    /// read or not: the callers a finding reported once at that operation speaks for.
    private(set) var routedCallSites: [SinkSpot: Int] = [:]

    init(code: CodeView) {
        self.code = code
        self.consultedIDs = [UInt8](repeating: 0, count: code.names.count)
    }

    // MARK: Written by the walk

    /// Notes that the project's symbols were asked about `name`, and why (a `ConsultKinds` bit).
    @inline(__always) func consult(_ name: Int32, for reason: UInt8 = ConsultKinds.anyReason) { consultedIDs[Int(name)] |= reason }

    func consult(_ name: String) {
        if let id = code.nameID(of: name) { consult(id) } else { consultedSpellings.insert(name) }
    }

    /// Notes that the project's summaries of the callee at `index` were looked up, with the call's
    /// argument labels; a callee not followed by its arguments counts as looked up for any reason.
    func consultCall(_ id: Int32, at index: Int) {
        guard index + 1 < code.count, code.kind(index + 1) == .leftParen else {
            consult(id)
            return
        }
        let bits = consultedIDs[Int(id)]
        consult(id, for: ConsultKinds.call)
        // Labels matter only while no other reason makes the file depend on the name; they are
        // read at the end (`consults`), for the names still looked up for nothing else. A call is
        // asked about two or three times in a row (`mayHaveSummaries`, then its uses).
        guard bits & ConsultKinds.anyReason == 0 else { return }
        if consultedCallSites[id]?.last != Int32(index) { consultedCallSites[id, default: []].append(Int32(index)) }
    }

    /// Notes that the file depends on the item changes of the project's functions named `name`.
    func consultItemChanges(_ name: Int32) { consultItemFact(name, 1) }

    /// Notes that the file depends on whether the project's functions named `name` that take
    /// `arguments` arguments delete or update a dictionary they are passed.
    func consultPassedItemChanges(_ name: Int32, arguments: Int) {
        consultItemFact(name, 1 << UInt16(min(max(arguments, 1), ItemChange.maxArguments)))
    }

    private func consultItemFact(_ name: Int32, _ bit: UInt16) {
        if consultedItemFacts.isEmpty { consultedItemFacts = [UInt16](repeating: 0, count: code.names.count) }
        consultedItemFacts[Int(name)] |= bit
    }

    /// Notes the names of a body the file-wide walk jumps over; `forwards`: the body of a function
    /// with a dictionary parameter.
    func skipped(_ body: Range<Int>, forwards: Bool = false) {
        if skippedNames.isEmpty {
            skippedNames = [Bool](repeating: false, count: code.names.count)
            skippedMemberNames = skippedNames
        }
        code.work += body.count
        let range = body.clamped(to: 0..<code.count)
        code.nameIDs.withUnsafeBufferPointer { ids in
            skippedNames.withUnsafeMutableBufferPointer { seen in
                for k in range where ids[k] >= 0 { seen[Int(ids[k])] = true }
            }
        }
        for k in range where k > 0 && code.kind(k - 1) == .period && code.nameID(k) >= 0 { skippedMemberNames[Int(code.nameID(k))] = true }
        guard forwards else { return }
        if skippedForwarderNames.isEmpty { skippedForwarderNames = [Bool](repeating: false, count: code.names.count) }
        for k in range where code.nameID(k) >= 0 { skippedForwarderNames[Int(code.nameID(k))] = true }
    }

    /// Once the file-wide walk is done: the names of the jumped-over bodies the file does not
    /// declare, which may name what another file declares, so they count as consulted.
    func noteMentionedNames(_ declarations: Declarations) {
        guard !skippedNames.isEmpty else { return }
        let declared = declarations.declaredNameIDs(code)
        var mentioned: [String] = []
        // Exactly: the list is kept for the whole run (`FileAnalysis.mentioned`), and
        // `skippedNames` has a slot for every name of the file.
        mentioned.reserveCapacity(skippedNames.indices.reduce(0) { skippedNames[$1] && (!declared[$1] || skippedMemberNames[$1]) ? $0 + 1 : $0 })
        var forwarded: [String] = []
        for (id, seen) in skippedNames.enumerated() where seen && (!declared[id] || skippedMemberNames[id]) {
            mentioned.append(code.spelling(Int32(id)))
            if !skippedForwarderNames.isEmpty && skippedForwarderNames[id] { forwarded.append(mentioned[mentioned.count - 1]) }
        }
        mentionedNames = mentioned
        forwarderMentionedNames = forwarded
    }

    /// A synthetic offset past this file's end for an entry written at `offset` in `helper`'s
    /// file, so a finding on it can be traced back there.
    func foreignSpot(helper: String, offset: Int) -> Int {
        let synthetic = code.source.bytes.count + 1 + foreignSpots.count
        foreignSpots[synthetic] = ForeignSpot(helper: helper, offset: offset)
        return synthetic
    }

    /// A call of this file passes a dictionary to the operation at `spot` inside a summarised function.
    func noteRoutedCall(to spot: SinkSpot) {
        routedCallSites[spot, default: 0] += 1
    }

    // MARK: Read by the engine

    /// The argument labels of each call of `id` the project's summaries were looked up for.
    private func callLabels(of id: Int32) -> Set<[String]> {
        Set((consultedCallSites[id] ?? []).map { callee in
            code.labels(of: code.elements(of: Int(callee) + 1).filter { !$0.isEmpty })
        })
    }

    /// Every name consulted so far, as spelled, and of those the names looked up only as
    /// functions, aliases or helpers, with why (every other name counts whatever the project
    /// declares under it). One pass, so each name is spelled once. With the project's symbols
    /// known (`declared`: the names they declare), only the reasons for names they declare are
    /// kept: every file analysed in a round keeps them until the round ends, and a name without
    /// its reason counts whatever it was looked up for.
    func consults(declared: Set<String>?) -> (names: Set<String>, conditional: [String: ConsultKinds]) {
        var names = consultedSpellings
        var conditional: [String: ConsultKinds] = [:]
        var count = 0, conditionalCount = 0
        for bits in consultedIDs where bits != 0 {
            count += 1
            if bits & ConsultKinds.anyReason == 0 { conditionalCount += 1 }
        }
        names.reserveCapacity(consultedSpellings.count + count)
        if declared == nil { conditional.reserveCapacity(conditionalCount) }
        for (id, bits) in consultedIDs.enumerated() where bits != 0 {
            let spelling = code.spelling(Int32(id))
            names.insert(spelling)
            guard bits & ConsultKinds.anyReason == 0, declared?.contains(spelling) ?? true else { continue }
            conditional[spelling] = ConsultKinds(callLabels: callLabels(of: Int32(id)),
                                                 alias: bits & ConsultKinds.alias != 0, helper: bits & ConsultKinds.helper != 0)
        }
        // Whether another file makes one of these a dictionary type (`CodeView.isDictionaryTypeAlias`):
        // any declaration of the name matters, not only a function's or a helper's.
        for id in code.typeNamesAsked {
            let spelling = code.spelling(id)
            names.insert(spelling)
            conditional[spelling] = nil
        }
        for (id, facts) in consultedItemFacts.enumerated() where facts != 0 {
            if facts & 1 != 0 { names.insert(ItemChange.dependencyName(of: code.spelling(Int32(id)))) }
            for arguments in 1...ItemChange.maxArguments where facts & (1 << arguments) != 0 {
                names.insert(ItemChange.passingName(of: code.spelling(Int32(id)), arguments: arguments))
            }
        }
        return (names, conditional)
    }
}
