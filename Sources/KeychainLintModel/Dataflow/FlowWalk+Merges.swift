import KeychainLintSyntax

/// `base.merging(other) { … }`: both sides' entries, and which side's value a key both set keeps.
///
/// Either side may hold what the file cannot read (a parameter, `options`), and so may the result.
/// In a summarised body, a parameter merged with a dictionary the body knows is that parameter
/// with the known entries added (`attributes.merging(query) { $1 }`), so its callers' queries are
/// judged at the call. When the combining closure plainly keeps one side's value (`{ $1 }`,
/// `{ _, new in new }`, `{ current, _ in current }`), that side's entry of a key replaces the
/// other's wherever it is written: a branch at the merge per such key (`BranchPath.mergeGroup`),
/// the replaced entries on the arm where the winning side did not set the key, the winning side's
/// entries written where it did on the other. Parse-Swift's `query.merging(update) { $1 }`, with
/// `update` setting synchronizable and its accessibility together on each path, then never pairs
/// the query's synchronizable with the update's ThisDeviceOnly.
extension FlowWalk {
    func merged(_ r: Range<Int>, merging: Int) -> DictionaryExpression? {
        let base = dictionary(r.lowerBound..<(merging - 1))
        let other = code.elements(of: merging + 1).first.flatMap { dictionary(code.droppingLabel($0)) }
        guard base != nil || other != nil else { return nil }
        var baseEntries = base?.entries ?? [], otherEntries = other?.entries ?? []
        if !baseEntries.isEmpty, !otherEntries.isEmpty, let closure = combiningClosure(ofMergeAt: merging),
           let keepsOther = keepsSecondValue(closureAt: closure) {
            if keepsOther {
                replace(&baseEntries, by: &otherEntries, at: merging)
            } else {
                replace(&otherEntries, by: &baseEntries, at: merging)
            }
        }
        var merged = DictionaryExpression(entries: baseEntries + otherEntries, originOffset: code.offset(r.lowerBound), isLiteral: false)
        merged.hasUnknownBase = (base?.hasUnknownBase ?? true) || (other?.hasUnknownBase ?? true)
        if let base, let other, (base.parameter == nil) != (other.parameter == nil) {
            let known = base.parameter == nil ? base : other
            if !known.hasUnknownBase { merged.parameter = base.parameter ?? other.parameter }
        }
        return merged
    }

    /// For each key both sides set (at most 64), the merge's branch for it: `replaced` entries of
    /// the key on arm 1, `winner` entries on a path where the winner sets the key on arm 0.
    private func replace(_ replaced: inout [KeychainEntry], by winner: inout [KeychainEntry], at merging: Int) {
        var keys: [String] = []
        for entry in winner where !keys.contains(entry.key) && replaced.contains(where: { $0.key == entry.key }) { keys.append(entry.key) }
        for (n, key) in keys.prefix(64).enumerated() {
            let group = BranchPath.mergeGroup(at: merging, key: n)
            let setting = winner.filter { $0.key == key }.map(\.branch)
            for i in replaced.indices where replaced[i].key == key {
                replaced[i].branch.arms.append(BranchPath.Arm(group: group, arm: 1, closesChain: true))
            }
            for i in winner.indices where winner[i].branch.isCovered(by: setting) {
                winner[i].branch.arms.append(BranchPath.Arm(group: group, arm: 0))
            }
        }
    }

    /// The `{` of the closure that combines duplicate keys: `uniquingKeysWith: { … }` or trailing.
    private func combiningClosure(ofMergeAt merging: Int) -> Int? {
        let elements = code.elements(of: merging + 1)
        if elements.count == 2, case let value = code.droppingLabel(elements[1]), code.kind(value.lowerBound) == .leftBrace,
           code.after(value.lowerBound) == value.upperBound {
            return value.lowerBound
        }
        let after = code.after(merging + 1)
        return elements.count == 1 && code.kind(after) == .leftBrace ? after : nil
    }

    /// True when the closure returns its second argument (the other dictionary's value), false when
    /// its first, nil for anything else.
    private func keepsSecondValue(closureAt open: Int) -> Bool? {
        let body = code.interior(of: open)
        var names: [Int32?] = []
        var expression = body
        if let word = code.firstTopLevel(in: body, where: { self.code.isKeyword($0, "in") }) {
            var j = body.lowerBound
            while j < word && !code.is(j, "->") {
                if code.is(j, "_") { names.append(nil) } else if code.kind(j) == .identifier { names.append(code.nameID(j)) }
                j += 1
            }
            guard names.count == 2 else { return nil }
            expression = (word + 1)..<body.upperBound
        }
        if code.isKeyword(expression.lowerBound, "return") { expression = (expression.lowerBound + 1)..<expression.upperBound }
        guard expression.count == 1 else { return nil }
        let t = expression.lowerBound
        if names.isEmpty { return code.text(t) == "$1" ? true : code.text(t) == "$0" ? false : nil }
        guard code.kind(t) == .identifier else { return nil }
        if names[1] == code.nameID(t) { return true }
        return names[0] == code.nameID(t) ? false : nil
    }
}
