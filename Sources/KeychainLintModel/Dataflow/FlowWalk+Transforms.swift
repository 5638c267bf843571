import KeychainLintSyntax

/// Dictionary expressions that choose or filter: `c ? a() : b()`, `a ?? b`, `q.filter { … }`.
///
/// A choice keeps both sides' entries, each on its own arm of a branch at the operator, so
/// entries of the two sides never count as written together (`BranchPath.excludes`), and an
/// entry of one side never counts as set on every path (`BranchPath.dominates`).
extension FlowWalk {
    /// The dictionary a choice or filter yields; nil when `r` is neither (or neither side is a dictionary).
    func transformed(_ r: Range<Int>) -> DictionaryExpression? {
        if let question = code.firstTopLevel(in: r, where: { self.isTernaryQuestion($0) }),
           let colon = code.firstTopLevel(in: (question + 1)..<r.upperBound, where: { self.code.kind($0) == .colon }) {
            return choice(dictionary((question + 1)..<colon), dictionary((colon + 1)..<r.upperBound), at: question)
        }
        if let coalesce = code.firstTopLevel(in: r, where: { self.code.kind($0) == .operator && self.code.is($0, "??") }) {
            return choice(dictionary(r.lowerBound..<coalesce), dictionary((coalesce + 1)..<r.upperBound), at: coalesce)
        }
        if let filter = code.firstTopLevel(in: r, where: { self.code.isIdentifier($0, "filter") && self.code.kind($0 - 1) == .period }),
           filter - 1 > r.lowerBound {
            return filtered(r.lowerBound..<(filter - 1), closureAfter: filter)
        }
        return nil
    }

    /// A `?` with space before it: the ternary operator, not an optional chain.
    private func isTernaryQuestion(_ j: Int) -> Bool {
        code.kind(j) == .operator && code.is(j, "?") && j > 0 && code.tokens[j].start > code.tokens[j - 1].end
    }

    private func choice(_ a: DictionaryExpression?, _ b: DictionaryExpression?, at operatorIndex: Int) -> DictionaryExpression? {
        guard a != nil || b != nil else { return nil }
        func onArm(_ side: DictionaryExpression?, _ arm: Int) -> [KeychainEntry] {
            (side?.entries ?? []).map { entry in
                var moved = entry
                moved.branch.arms.append(BranchPath.Arm(group: operatorIndex, arm: arm, closesChain: arm == 1))
                return moved
            }
        }
        var result = DictionaryExpression(entries: onArm(a, 0) + onArm(b, 1), originOffset: code.offset(operatorIndex), isLiteral: false)
        // A side the walk cannot read may hold anything.
        result.hasUnknownBase = (a?.hasUnknownBase ?? true) || (b?.hasUnknownBase ?? true)
        return result
    }

    /// `q.filter { $0.key != kSecClass as String }` drops the keys its predicate names, and a
    /// `switch` that returns true for some keys and false by default keeps only those; another
    /// predicate may drop anything, so the result keeps the entries but may lack any of them.
    private func filtered(_ base: Range<Int>, closureAfter filter: Int) -> DictionaryExpression? {
        guard var source = dictionary(base) else { return nil }
        let open = code.kind(filter + 1) == .leftBrace ? filter + 1
            : code.kind(filter + 1) == .leftParen ? filter + 2 : -1
        guard open > 0, code.kind(open) == .leftBrace else { return nil }
        source.variable = nil
        source.isLiteral = false
        if let dropped = droppedKeys(closureAt: open) {
            source.entries.removeAll { dropped.contains($0.key) }
            if source.hasUnknownBase { source.certainlyAbsent.formUnion(dropped) }
        } else if let kept = keptKeys(closureAt: open) {
            // An unknown base may still hold any kept key: it stays unknown.
            source.entries.removeAll { !kept.contains($0.key) }
        } else {
            source.hasUnknownBase = true
            source.certainlyAbsent = []
        }
        return source
    }

    /// The keys `{ $0.key != K && $0.key != L }` rejects; nil for any other predicate.
    private func droppedKeys(closureAt open: Int) -> Set<String>? {
        guard let body = code.singleExpression(ofBlockAt: open, allowingReturn: true) else { return nil }
        var keys = Set<String>()
        var start = body.lowerBound
        while start < body.upperBound {
            let and = code.firstTopLevel(in: start..<body.upperBound) { self.code.is($0, "&&") } ?? body.upperBound
            let a = start
            guard and - a >= 5, code.isIdentifier(a, "$0"), code.kind(a + 1) == .period, code.isIdentifier(a + 2, "key"),
                  code.is(a + 3, "!="), let key = keyName((a + 4)..<and) else { return nil }
            keys.insert(key)
            start = and + 1
        }
        return keys.isEmpty ? nil : keys
    }

    /// The keys a `switch` over the key keeps: `switch key as CFString { case kSecClass: fallthrough
    /// case kSecAttrService: return true default: return false }`. Nil unless every case names
    /// `kSec…` keys and every arm is `fallthrough`, `return true` or `return false`, with a default.
    private func keptKeys(closureAt open: Int) -> Set<String>? {
        let body = code.interior(of: open)
        guard let word = code.firstTopLevel(in: body, where: { self.code.isKeyword($0, "switch") }),
              let block = code.firstTopLevel(in: (word + 1)..<body.upperBound, where: { self.code.kind($0) == .leftBrace }) else { return nil }
        let inside = code.interior(of: block)
        var labels: [Int] = []
        var j = inside.lowerBound
        while let label = code.firstTopLevel(in: j..<inside.upperBound, where: { self.code.isKeyword($0, "case") || self.code.isKeyword($0, "default") }) {
            labels.append(label)
            j = label + 1
        }
        var pending = Set<String>(), kept = Set<String>(), hasDefault = false
        for (n, label) in labels.enumerated() {
            guard let colon = code.firstTopLevel(in: (label + 1)..<inside.upperBound, where: { self.code.kind($0) == .colon }) else { return nil }
            let end = n + 1 < labels.count ? labels[n + 1] : inside.upperBound
            if code.isKeyword(label, "default") {
                hasDefault = true
            } else {
                var start = label + 1
                while start < colon {
                    let comma = code.firstTopLevel(in: start..<colon, where: { self.code.kind($0) == .comma }) ?? colon
                    guard let key = keyName(start..<comma) else { return nil }
                    pending.insert(key)
                    start = comma + 1
                }
            }
            let arm = (colon + 1)..<end
            if arm.count == 1 && code.isKeyword(arm.lowerBound, "fallthrough") { continue }
            guard arm.count == 2, code.isKeyword(arm.lowerBound, "return") else { return nil }
            if code.isKeyword(arm.lowerBound + 1, "true") {
                if hasDefault { return nil }  // a default that keeps: anything may stay
                kept.formUnion(pending)
            } else if !code.isKeyword(arm.lowerBound + 1, "false") {
                return nil
            }
            pending = []
        }
        return hasDefault && !kept.isEmpty ? kept : nil
    }
}
