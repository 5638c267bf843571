import KeychainLintSyntax

/// Finding summaries: computed once per declaration (memoised by the body's `{`,
/// `SummaryComputation`), found for a call by the callee's name and then its argument labels
/// (`FunctionSignature.bind`), from the file's own functions first and else from what the other
/// files of the project declare.
///
/// A method is found by its name and labels whatever its receiver: through `self`, a stored
/// property, a protocol-typed value (the project's implementations of that requirement are
/// the functions of that name) or `Type.member`. A call that matches nothing stays unknown.
extension DictionaryExtractor {
    /// The callee at `index` is a project function that builds its keychain dictionary itself
    /// (`ProjectSymbols.dictionaryBuildingFunctions`), by name id, worked out once per file.
    func buildsItsOwnDictionary(calleeAt index: Int) -> Bool {
        guard !symbols.dictionaryBuildingFunctions.isEmpty, case let id = code.nameID(index), id >= 0 else { return false }
        return dictionaryBuildingCallees[Int(id)]
    }

    /// Whether the name at `index` is a function some summary may exist for (cheap: asked at every call).
    /// `consulting` false: the call passes nothing a summary could act on (no dictionary literal, no
    /// tracked variable, no `&`), so another file's functions of that name are not looked up — and
    /// the file is not linted again because the project declares a function of a common name.
    func mayHaveSummaries(at index: Int, consulting: Bool = true) -> Bool {
        let id = code.nameID(index)
        guard id >= 0 else { return false }
        if declarations.bodies.contains(id) { return true }
        // A method called on a value (`store.removeObject(forKey: k)`) may change items with no
        // dictionary passed: in a file that adds items, another file's methods of the name are looked up too.
        guard consulting || (spellsItemAdd && isCalledThroughValue(index)) else { return false }
        // Asked of the project's names later: the first pass has none yet.
        guard !symbols.summaries.isEmpty else {
            log.consultCall(id, at: index)
            if spellsItemAdd { log.consultItemChanges(id) }
            return false
        }
        return !summaries(at: index).isEmpty
    }

    /// The summaries a call of the name at `index` may stand for. An `async` function is one only
    /// when an `await` covers the call: a call without one is the sync overload of the same labels.
    func summaries(at index: Int) -> [FunctionSummary] {
        let found = candidateSummaries(at: index)
        guard found.contains(where: \.isAsync), !code.isAwaited(index) else { return found }
        return found.filter { !$0.isAsync }
    }

    private func candidateSummaries(at index: Int) -> [FunctionSummary] {
        let id = Int(code.nameID(index))
        guard id >= 0 else { return [] }
        if summaryLists.isEmpty { summaryLists = [[FunctionSummary]?](repeating: nil, count: code.names.count) }
        // A name the file does not declare and the project has no summaries of: none, whatever the
        // receiver (not looked for: most calls are of such names).
        if !declarations.bodies.contains(Int32(id)) {
            if summaryLists[id]?.isEmpty ?? false { return [] }
            log.consultCall(Int32(id), at: index)
            if foreignSummaries(named: Int32(id)).isEmpty {
                summaryLists[id] = []
                return []
            }
        }
        if reachesNoProjectFunction(index) { return [] }
        switch resolvedReceiver(ofMemberAt: index) {
        case .type(let owner)?:
            if let typed = typedSummaries(named: Int32(id), owner: owner, at: index) { return typed }
        case .unknown?:
            // A local or property whose type the file does not say: nothing is invented.
            return []
        case nil:
            break
        }
        if let known = summaryLists[id] { return reachable(known, from: index) }
        let observing = summaryStack.beginObserving()
        var found: [FunctionSummary] = []
        var own = Set<String>()
        if declarations.bodies.contains(Int32(id)) {
            for body in declarations.bodies(named: Int32(id)) {
                if let summary = summary(of: body) { found.append(summary) }
                if let open = body.parameterOpen { own.insert(route(of: body, FunctionParameters(code: code, open: open).signature)) }
            }
            if !found.isEmpty { noteReferencedHelper(Int32(id)) }
        }
        // Other files' functions of the name too: `secItem.delete(q)` in a file that declares a
        // `delete(key:)` of its own still reaches the project's `delete(_:)` (labels decide). The
        // project's copy of one of this file's own functions is never one of them: it is last
        // round's summary of the same code, and a recursive call (whose own summary is still in
        // progress) would compose the function with its old self, one level deeper every round.
        log.consultCall(Int32(id), at: index)
        let foreign = foreignSummaries(named: Int32(id))
        if !foreign.isEmpty {
            found += foreign.filter { !own.contains($0.route) }.map { var s = $0; s.isDeclaredElsewhere = true; return s }
        }
        // A recursive call asks while its own summary is being made: not remembered then, nor a
        // list that holds a provisional summary (`SummaryStack`).
        let isClean = summaryStack.endObserving(observing)
        if isClean && (!found.isEmpty || summaryStack.isEmpty) { summaryLists[id] = found }
        return reachable(found, from: index)
    }

    /// Which of the summaries of a name the call at `index` can reach. Through a value: not the
    /// static functions. Bare (`object(forKey: k)`) inside a type that has a function of that
    /// name: that type's functions and free functions, not another type's members of the same
    /// name (Valet's `Keychain.string` calls `object(…)`, which is `Keychain.object`, never
    /// `SecureEnclave.object`). A bare call in a type that declares no function of the name may
    /// reach an inherited or protocol one, so every summary of the name stays a candidate.
    private func reachable(_ summaries: [FunctionSummary], from index: Int) -> [FunctionSummary] {
        let summaries = withoutOtherTypesOverloads(summaries, from: index).filter(namesTheTypeOf)
        // No `await` covers the call: it is the sync overload, never an `async` one.

        if isCalledThroughValue(index) { return summaries.filter { !$0.isTypeMember } }
        guard index < 1 || code.kind(index - 1) != .period,
              summaries.contains(where: \.isTypeMember), let owner = ownerOfEnclosingFunction(at: index) else { return summaries }
        let prefix = code.spelling(owner) + "."
        guard summaries.contains(where: { $0.isTypeMember && $0.route.hasPrefix(prefix) }) else { return summaries }
        return summaries.filter { !$0.isTypeMember || $0.route.hasPrefix(prefix) }
    }

    /// A method that builds its keychain dictionary itself (`FunctionSummary.buildsItsOwnDictionary`:
    /// `create(_ value:, extraAttributes: = [:])`) is judged at any call of its name and labels, even
    /// one that passes no keychain symbol: it is a candidate only in a file that names its type,
    /// as code that calls a method of a type other than its own holds or makes an instance of it
    /// (`Amplify.Publisher.create(…)` and `store.create(item)` elsewhere are not `Keychain.create`).
    private func namesTheTypeOf(_ summary: FunctionSummary) -> Bool {
        guard summary.isDeclaredElsewhere, summary.buildsItsOwnDictionary, let owner = summary.routeOwner else { return true }
        return code.nameID(of: String(owner.type)) != nil
    }

    /// A bare or `self.` call inside a type that declares a function of the name and labels itself
    /// (`insert(q)` in `TokenStore`, which has `insert(_:)`) is that function: another type's
    /// method of the same name and labels (`AliasedStore.insert(_:)`, static or not) is never it.
    /// Nor is another type's method the call's labels also bind, when one of the type's own does
    /// (`object(forKey:options:)` in `Store`, whose `object(forKey:options:again:)` defaults the
    /// last: `Enclave.object(forKey:options:)` is out of reach, or a recursion runs through it).
    private func withoutOtherTypesOverloads(_ summaries: [FunctionSummary], from index: Int) -> [FunctionSummary] {
        guard !summaries.isEmpty, index < 1 || code.kind(index - 1) != .period || code.isKeyword(index - 2, "self"),
              let owner = ownerOfEnclosingFunction(at: index) else { return summaries }
        let prefix = code.spelling(owner) + "."
        // Only another type's method can be filtered out: none, nothing to read.
        guard summaries.contains(where: { !$0.route.hasPrefix(prefix) && $0.routeOwner != nil }) else { return summaries }
        let own = Set(summaries.filter { $0.route.hasPrefix(prefix) }.map { $0.route.dropFirst(prefix.count) })
        // The type's own function may be the one being summarised (a recursion): not a candidate
        // then, but still the one the call reaches. Its declaration here says so.
        let labels = index + 1 < code.count && code.kind(index + 1) == .leftParen
            ? code.labels(of: code.elements(of: index + 1).filter { !$0.isEmpty }) : nil
        let ownBinds = labels.map { labels in
            declarations.bodies(named: code.nameID(index)).contains { body in
                body.owner == owner && body.parameterOpen.map { FunctionParameters(code: code, open: $0).signature.bind(labels) != nil } ?? false
            }
        } ?? false
        guard !own.isEmpty || ownBinds else { return summaries }
        return summaries.filter { summary in
            guard !summary.route.hasPrefix(prefix), let owner = summary.routeOwner else { return true }
            return !ownBinds && !own.contains(owner.member)
        }
    }

    /// `.create(post)` (an implicit member: a static member or a case of the type the context
    /// expects) when no static function of the name is summarised, or `Disposables.create(…)`
    /// (a type name) when no summarised function is that type's: the call is none of the
    /// project's functions of the name, which another type declares.
    private func reachesNoProjectFunction(_ index: Int) -> Bool {
        guard index >= 1, code.kind(index - 1) == .period else { return false }
        let receiver = index - 2
        let name = code.nameID(index)
        if receiver < 0 || !endsValue(receiver) {
            return !declarations.bodies.contains(name) && !(symbols.summaries[code.spelling(name)] ?? []).contains(where: \.isTypeMember)
        }
        guard code.kind(receiver) == .identifier, receiver < 1 || code.kind(receiver - 1) != .period, startsUppercase(receiver),
              !declarations.isDeclared(code.nameID(receiver)), !declarations.bodies.contains(name) else { return false }
        let prefix = code.spelling(code.nameID(receiver)) + "."
        return !(symbols.summaries[code.spelling(name)] ?? []).contains { $0.route.hasPrefix(prefix) }
    }

    /// `ops.delete(q)`, `self.store.save(q)`: a member reached through a value, not a type name.
    private func isCalledThroughValue(_ index: Int) -> Bool {
        guard index >= 2, code.kind(index - 1) == .period else { return false }
        var receiver = index - 2
        if (code.is(receiver, "?") || code.is(receiver, "!")) && receiver > 0 { receiver -= 1 }  // `store?.save(q)`
        if code.isKeyword(receiver, "self") { return true }
        guard code.kind(receiver) == .identifier, let first = code.text(receiver).utf8.first else { return code.kind(receiver) == .rightParen }
        return first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z")
    }

    /// `store.save(q)` with `store`'s type known: that type's functions of the name, in this file
    /// or (by route) in another; nil when it declares none (a protocol: every implementation counts).
    private func typedSummaries(named id: Int32, owner: Int32, at index: Int) -> [FunctionSummary]? {
        let own = declarations.bodies(named: id).filter { $0.owner == owner }
        if !own.isEmpty {
            noteReferencedHelper(id)
            return own.compactMap { summary(of: $0) }
        }
        log.consultCall(id, at: index)
        let prefix = code.spelling(owner) + "."
        let foreign = foreignSummaries(named: id).filter { $0.route.hasPrefix(prefix) }
        return foreign.isEmpty ? nil : foreign.map { var s = $0; s.isDeclaredElsewhere = true; return s }
    }

    /// The project's summaries of the name. Their item changes only in a file that adds items
    /// (the delete before an add is all they tell a caller): elsewhere a function that only
    /// changes its own items is no candidate, and the file does not depend on those facts.
    private func foreignSummaries(named id: Int32) -> [FunctionSummary] {
        if spellsItemAdd {
            log.consultItemChanges(id)
            return symbols.summaries[code.spelling(id)] ?? []
        }
        guard let list = symbols.summaries[code.spelling(id)] else { return [] }
        return list.contains(where: { !$0.itemChanges.isEmpty }) ? ItemChange.otherParts(list) : list
    }

    /// Entries a summary adds, as this file sees them: another file's keep their home there, so
    /// a finding on one is reported once, in the declaring file.
    func adopt(_ entries: [KeychainEntry], of summary: FunctionSummary, at index: Int) -> [KeychainEntry] {
        guard summary.isDeclaredElsewhere, !entries.isEmpty else { return entries }
        let salt = summary.route.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) }
        return rebased(entries, helper: summary.route, region: code.region[index], salt: salt)
    }

}
