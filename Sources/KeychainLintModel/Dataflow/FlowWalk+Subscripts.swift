import KeychainLintSyntax

/// Calls of the project's subscripts (`DictionaryExtractor+Subscripts`), both sides: a
/// statement or argument `items[deleting: q]` applies the subscript's summary to the bracket's
/// arguments, and `ServiceQuery["name"]` as a value is what the subscript returns.
extension FlowWalk {
    /// The brackets opened at `open` after a name or `self`: a subscript call when the
    /// receiver's type declares one that does something with what it is given.
    func subscriptCall(open: Int) {
        let receiver = open - 1
        guard receiver >= 0, code.kind(receiver) == .identifier || code.isKeyword(receiver, "self"),
              variableIndex(at: receiver) == nil, argumentsMayCarryDictionaries(open) else { return }
        apply(extractor.subscriptSummaries(at: open), arguments: open, calleeAt: receiver)
    }

    /// `ServiceQuery["name"]`, `self[scoped: q]`, `items[query]` spanning `range` (whose last
    /// token closes the brackets): the parameter a subscript hands back, or the dictionary it
    /// builds; nil for any other brackets.
    func subscriptValue(_ range: Range<Int>) -> DictionaryExpression? {
        let close = range.upperBound - 1
        guard code.kind(close) == .rightBracket, code.partner[close] > range.lowerBound else { return nil }
        let open = Int(code.partner[close])
        let receiver = open - 1
        // One receiver token, or `self.name`.
        guard receiver == range.lowerBound || (receiver == range.lowerBound + 2 && code.isKeyword(range.lowerBound, "self")),
              code.kind(receiver) == .identifier || code.isKeyword(receiver, "self"), variableIndex(at: receiver) == nil else { return nil }
        if argumentsMayCarryDictionaries(open),
           let passed = passedThrough(extractor.subscriptSummaries(at: open), arguments: open, calleeAt: receiver) {
            return passed
        }
        guard let returned = extractor.subscriptEntries(at: open) else { return nil }
        var expression = DictionaryExpression(entries: returned.entries, originOffset: code.offset(range.lowerBound), isLiteral: false)
        expression.hasUnknownBase = returned.hasUnknownBase
        return expression
    }
}
