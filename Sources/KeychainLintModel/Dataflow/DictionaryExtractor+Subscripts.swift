import KeychainLintSyntax

/// Subscripts as functions: `items[query]`, `self[matching: q]` and `ServiceQuery["name"]`
/// call the `subscript` their receiver's type declares. The receiver's type must be known (the
/// enclosing type for `self`, a type name for a static subscript, a declared parameter, local or
/// property otherwise): brackets are a dictionary's or an array's far more often than a
/// subscript's, and nothing is invented for a value whose type the file does not say.
///
/// Summaries are the functions' (`summary(of:)`); the project's are filed under
/// `subscriptName`, a keyword no function can be named, with the route `Owner.subscript(…)`.
extension DictionaryExtractor {
    static let subscriptName = "subscript"

    /// The type whose subscript the brackets opened at `open` call, and whether it is called on
    /// the type itself (a static subscript); nil when the file does not say.
    func subscriptReceiver(at open: Int) -> (owner: Int32, isType: Bool)? {
        guard open > 0 else { return nil }
        let receiver = open - 1
        if code.isKeyword(receiver, "self") {
            guard code.kind(receiver - 1) != .period else { return nil }
            return ownerOfEnclosingFunction(at: open).map { ($0, false) }
        }
        guard code.kind(receiver) == .identifier, code.kind(receiver - 1) != .period || code.isKeyword(receiver - 2, "self"),
              let first = code.text(receiver).utf8.first else { return nil }
        if first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") && code.kind(receiver - 1) != .period {
            return (code.nameID(receiver), true)
        }
        guard case .type(let owner)? = valueType(of: receiver, at: open) else { return nil }
        return (owner, false)
    }

    /// The summaries of the subscripts the brackets opened at `open` may call: the receiver's
    /// type's in this file, else the project's of that type (without the items they change: the
    /// delete before an add is told by named functions only).
    func subscriptSummaries(at open: Int) -> [FunctionSummary] {
        guard let receiver = subscriptReceiver(at: open) else { return [] }
        let own = declarations.subscripts.filter { $0.owner == receiver.owner }
        if !own.isEmpty {
            return own.compactMap { summary(of: $0) }.filter { $0.isTypeMember == receiver.isType }
        }
        log.consult(Self.subscriptName)
        let prefix = code.spelling(receiver.owner) + "." + Self.subscriptName + "("
        return ItemChange.otherParts(symbols.summaries[Self.subscriptName] ?? []).compactMap { summary in
            guard summary.route.hasPrefix(prefix), summary.isTypeMember == receiver.isType else { return nil }
            var foreign = summary
            foreign.isDeclaredElsewhere = true
            return foreign
        }
    }

    /// What the subscripts of this file that the brackets at `open` may call return, when one
    /// returns a dictionary (`ServiceQuery["name"]`), and whether that may hold more than the
    /// entries (a base the subscript cannot read); nil otherwise. Walked as a helper is
    /// (`walkHelper`, getters and recursion included), under a key no name id has.
    func subscriptEntries(at open: Int) -> (entries: [KeychainEntry], hasUnknownBase: Bool)? {
        guard !declarations.subscripts.isEmpty, let receiver = subscriptReceiver(at: open) else { return nil }
        let labels = code.labels(of: code.elements(of: open).filter { !$0.isEmpty })
        let bodies = declarations.subscripts.filter { body in
            guard body.owner == receiver.owner, body.declaresDictionary, let parameters = body.parameterOpen,
                  code.isTypeMember(declaredAt: body.nameIndex + 1) == receiver.isType else { return false }
            return FunctionParameters(code: code, open: parameters, isSubscript: true).signature.bind(labels) != nil
        }
        guard let first = bodies.first else { return nil }
        let key = -1 - Int32(first.open)
        guard let entries = walkHelper(key, bodies: bodies, initializers: []) else { return nil }
        return (entries, openHelpers.contains(key))
    }
}
