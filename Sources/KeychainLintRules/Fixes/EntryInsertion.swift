import KeychainLintModel
import KeychainLintSyntax

/// The fix of a missing-entry finding: the entry added where the dictionary is written, in its
/// own style. Offered only when that place is certain: the dictionary is written in the function
/// that makes the call (so no other caller of a helper changes), every entry it holds is written
/// there (a literal, and for a variable the `q[k] = v` statements after it), nothing else assigns
/// or removes what is added, and every key is spelled one way (`kSecX as String`, `String(kSecX)`
/// or a bare `kSecX`). Anything else (a helper, another file, a dictionary that crossed a call, an
/// alias key, an empty `[:]` never filled by subscripts) gets no fix.
struct EntryInsertion {
    enum Value {
        /// `true`, or `kCFBooleanTrue` where the dictionary writes its booleans that way.
        case boolTrue
        case constant(String)
    }

    let file: KeychainFile
    let key: String
    let value: Value

    /// The fix that adds `key: value` to the dictionary `use` hands its call, or nil.
    static func fix(adding key: String, _ value: Value, to use: KeychainUse, in file: KeychainFile) -> Fix? {
        EntryInsertion(file: file, key: key, value: value).fix(for: use)
    }

    var code: CodeView { file.code }
    var bytes: [UInt8] { file.source.bytes }

    func fix(for use: KeychainUse) -> Fix? {
        let dictionary = use.dictionary
        guard let call = use.call, isDirect(call), !dictionary.hasUnknownBase, !file.isUserDeclared(key),
              !dictionary.allEntries.contains(where: { $0.key == key }),
              dictionary.entries.allSatisfy({ $0.home == nil && $0.keyOffset < bytes.count }),
              let origin = code.tokenIndex(startingAt: dictionary.originOffset) else { return nil }
        let edits: [TextEdit]?
        if !dictionary.isVariable {
            guard code.kind(origin) == .leftBracket, isArgument(origin, of: call), let literal = literalEntries(open: origin),
                  dictionary.entries.allSatisfy({ literal.keyOffsets.contains($0.keyOffset) }) else { return nil }
            edits = insert(into: literal)
        } else {
            edits = variableEdits(declaredAt: origin, call: call, dictionary: dictionary)
        }
        guard let edits else { return nil }
        return Fix("Add \(entryText(spelling: .bare, booleans: nil)) to the dictionary", edits: edits)
    }

    /// The call names the Security function itself: not an alias, not a function of the project
    /// the dictionary passed through on its way (its finding may stand for other callers too).
    private func isDirect(_ call: KeychainCall) -> Bool {
        code.offset(call.codeIndex) == call.offset && code.kind(call.codeIndex) == .identifier
            && code.text(call.codeIndex) == call.operation.rawValue
    }

    /// The literal at `open` is itself an argument of the call (`SecItemAdd([…] as CFDictionary, nil)`),
    /// not an argument of something inside it (`SecItemUpdate(Query([…]).raw, …)`), whose code
    /// decides what reaches the call.
    private func isArgument(_ open: Int, of call: KeychainCall) -> Bool {
        guard code.kind(call.codeIndex + 1) == .leftParen else { return false }
        return code.elements(of: call.codeIndex + 1).contains { argument in
            var start = argument.lowerBound
            while code.kind(start) == .leftParen && start < argument.upperBound { start += 1 }
            return start == open
        }
    }

    /// How far apart, in tokens, a dictionary's declaration and its call may be, and how many
    /// statement-level tokens back the declaration's block is looked for: beyond that no fix is
    /// offered (one dictionary's statements are close together; the bounds keep a fix per finding
    /// cheap, so fifty thousand findings in one file cost no more than their lint).
    static let reach = 4_096
    static let blockReach = 256

    /// `var q = [...]` or `var q: [String: Any] = [:]` declared at `name`, filled by literal
    /// entries and `q[k] = v` statements before the call and by nothing else.
    private func variableEdits(declaredAt name: Int, call: KeychainCall, dictionary: KeychainDictionary) -> [TextEdit]? {
        guard code.kind(name) == .identifier, code.isKeyword(name - 1, "var") || code.isKeyword(name - 1, "let"),
              isLocal(name - 1),
              let equals = code.firstTopLevel(in: (name + 1)..<min(code.count, name + 64), where: { self.code.is($0, "=") }) else { return nil }
        let initializer = (equals + 1)..<code.expressionEnd(from: equals + 1)
        guard initializer.upperBound <= call.codeIndex, !initializer.isEmpty, call.codeIndex - initializer.upperBound <= Self.reach,
              staysInBlock(initializer.upperBound..<call.codeIndex) else { return nil }
        let id = code.nameID(name)
        var subscripts: [Range<Int>] = []
        for j in initializer.upperBound..<call.codeIndex where code.nameID(j) == id && code.kind(j - 1) != .period {
            // Assigned anew, changed by a method or through `&`: not only what the fix can see reaches the call.
            if code.is(j + 1, "=") || code.kind(j + 1) == .period || code.is(j - 1, "&") { return nil }
            if code.kind(j + 1) == .leftBracket, code.is(code.after(j + 1), "=") {
                let key = (j + 2)..<(code.after(j + 1) - 1)
                if file.mentions(self.key, in: key) { return nil }  // `q[key] = nil`
                subscripts.append(key)
            }
        }
        let literal = isLiteral(initializer) ? literalEntries(open: initializer.lowerBound) : nil
        let written = Set(subscripts.map { code.offset($0.lowerBound) }).union(literal?.keyOffsets ?? [])
        guard dictionary.entries.allSatisfy({ written.contains($0.keyOffset) }) else { return nil }
        if let literal, !literal.elements.isEmpty { return insert(into: literal) }
        guard isEmptyDictionary(initializer), !subscripts.isEmpty else { return nil }
        return statement(after: name - 1, initializerEnd: initializer.upperBound - 1, variable: code.text(name),
                         keys: subscripts, booleans: initializer.lowerBound..<call.codeIndex)
    }

    /// Whether the declaration at `keyword` is a local of a function, closure or control block, or
    /// file-level code: not a type's member, which other functions share.
    private func isLocal(_ keyword: Int) -> Bool {
        guard let brace = code.enclosingBrace(of: keyword, limit: Self.blockReach) else { return false }
        return brace < 0 || code.blockKind(opening: brace) != .type
    }

    /// Whether the tokens in `range` (from a declaration to its call) leave the declaration's block
    /// and enter no other function: a `}` that closes it, or a `func`, `init` or accessor between.
    private func staysInBlock(_ range: Range<Int>) -> Bool {
        code.work += 2 * range.count  // this scan and the one for subscripts after it
        var depth = 0
        for j in range {
            switch code.kind(j) {
            case .leftBrace: depth += 1
            case .rightBrace:
                depth -= 1
                if depth < 0 { return false }
            case .keyword where code.isKeyword(j, "func") || code.isKeyword(j, "init") || code.isKeyword(j, "deinit"):
                return false
            default: break
            }
        }
        return true
    }

    /// Whether the initializer is a dictionary literal, alone or cast at its end
    /// (`[kSecClass: …, …] as CFDictionary`, `as NSDictionary`, `as [String: Any]`).
    private func isLiteral(_ r: Range<Int>) -> Bool {
        guard code.kind(r.lowerBound) == .leftBracket else { return false }
        let close = code.after(r.lowerBound)
        if close == r.upperBound { return true }
        guard close < r.upperBound, code.isKeyword(close, "as") else { return false }
        let type = close + 1
        if code.kind(type) == .identifier { return type + 1 == r.upperBound }
        return code.kind(type) == .leftBracket && code.after(type) == r.upperBound
    }

    /// `[:]` or `[K: V]()`: a dictionary with nothing in it yet.
    private func isEmptyDictionary(_ r: Range<Int>) -> Bool {
        guard code.kind(r.lowerBound) == .leftBracket else { return false }
        let close = code.after(r.lowerBound)
        if close == r.upperBound { return r.count == 3 && code.kind(r.lowerBound + 1) == .colon }
        return code.kind(close) == .leftParen && code.after(close) == r.upperBound && code.after(close) == close + 2
    }

    /// The statement `q[KEY] = VALUE` on its own line after the declaration, indented like it,
    /// with the key spelled as the other subscripts spell theirs.
    private func statement(after keyword: Int, initializerEnd last: Int, variable: String, keys: [Range<Int>],
                           booleans: Range<Int>) -> [TextEdit]? {
        guard code.startsLine[keyword], last + 1 >= code.count || code.startsLine[last + 1],
              let spelling = KeySpelling.common(keys.map { KeySpelling($0, in: self) }) else { return nil }
        let end = SourceLines.lineEnd(from: code.end(last), in: bytes)
        guard !SourceLines.opensBlockComment(code.end(last)..<end, in: bytes) else { return nil }
        let indent = SourceLines.indentation(ofLineAt: code.offset(keyword), in: bytes)
        let valueText = value(booleans: booleans)
        let text = SourceLines.lineBreak(near: end, in: bytes) + indent + "\(variable)[\(spelling.spell(key))] = \(valueText)"
        return [TextEdit(insert: text, at: end)]
    }
}
