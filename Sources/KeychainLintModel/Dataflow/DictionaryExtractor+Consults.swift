/// What the file looked up in the project's symbols, and why (`ConsultKinds`).
extension DictionaryExtractor {
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

    /// The argument labels of each call of `id` the project's summaries were looked up for.
    private func callLabels(of id: Int32) -> Set<[String]> {
        Set((consultedCallSites[id] ?? []).map { callee in
            code.elements(of: Int(callee) + 1).filter { !$0.isEmpty }.map { code.label(of: $0) ?? "_" }
        })
    }

    /// Every name consulted so far, as spelled, and of those the names looked up only as
    /// functions, aliases or helpers, with why (every other name counts whatever the project
    /// declares under it). One pass, so each name is spelled once. With the project's symbols
    /// known, only the reasons for names they declare are kept: every file analysed in a round
    /// keeps them until the round ends, and a name without its reason counts whatever it was
    /// looked up for.
    var consults: (names: Set<String>, conditional: [String: ConsultKinds]) {
        var names = consultedSpellings
        var conditional: [String: ConsultKinds] = [:]
        let declared: Set<String>? = symbols.isEmpty ? nil : symbols.names
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
        for (id, facts) in consultedItemFacts.enumerated() where facts != 0 {
            if facts & 1 != 0 { names.insert(ItemChange.dependencyName(of: code.spelling(Int32(id)))) }
            for arguments in 1...ItemChange.maxArguments where facts & (1 << arguments) != 0 {
                names.insert(ItemChange.passingName(of: code.spelling(Int32(id)), arguments: arguments))
            }
        }
        return (names, conditional)
    }
}
