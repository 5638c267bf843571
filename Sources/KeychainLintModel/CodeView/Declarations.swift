import KeychainLintSyntax

/// The file's named declarations, collected in one pass before any dictionary is followed, so
/// a constant or helper can be used above the line that declares it.
///
/// A class: the extractor and its walks ask it thousands of questions per file, and each would
/// otherwise copy (retain and release) every table it holds.
package final class Declarations {
    /// A `let`/`var` with an initializer.
    package struct Binding {
        /// Interned id of the name (`CodeView.nameIDs`).
        package var nameID: Int32
        /// Code index of the name.
        package var nameIndex: Int
        package var initializer: Range<Int>
        /// The block it is declared in: visible file-wide when a type member or at file level,
        /// else from its declaration to the end of that block.
        var scope: Range<Int>
        package var isMember: Bool
        package var isLet: Bool
        /// The name id of the type it is a member of (`VaultKeys` for `static let klass` inside it).
        package var owner: Int32? = nil
    }

    /// A function or computed property body that may return a dictionary.
    package struct Body {
        /// Index of the body's `{`.
        package var open: Int
        /// The declared type is a dictionary (`-> [String: Any]`, `: CFDictionary`): only such
        /// helpers are offered to other files, so the first pass does not walk every function.
        package var declaresDictionary: Bool
        /// The `(` of a function's parameter list; nil for a computed property.
        package var parameterOpen: Int? = nil
        /// The name id of the type it is declared in.
        package var owner: Int32? = nil
        /// Code index of the name.
        package var nameIndex: Int = 0
        /// Declared inside a function or closure body: other bodies cannot name it.
        package var isLocal = false
    }

    /// A `let`/`var` inside a function or closure body, recorded only when `recordLocals` is told
    /// its outermost body can matter: most bodies of a file never do, and their locals are most
    /// of its bindings.
    private struct DeferredBinding {
        var letIndex: Int
        var scope: Range<Int>
        var isMember: Bool
        var owner: Int32?
        /// The `{` of the outermost function or closure body around it.
        var outermostOpen: Int
    }
    @exclusivity(unchecked) private var deferred: [DeferredBinding] = []

    /// By name id. The tables are read thousands of times per file: their accesses are not checked
    /// for exclusivity at run time (each check costs more than the read), like the other hot
    /// tables of the extractor; they are written only while the file's declarations are collected.
    @exclusivity(unchecked) package private(set) var bindings: NameLists<Binding>
    @exclusivity(unchecked) package private(set) var bodies: NameLists<Body>
    /// Type-member and file-level `let`/`var` initializers, by name id (dictionary properties are helpers).
    @exclusivity(unchecked) package private(set) var memberInitializers: NameLists<Range<Int>>
    /// The types' `subscript` declarations with a body, in file order (`nameIndex` is the keyword).
    package private(set) var subscripts: [Body] = []
    /// A type's stored dictionary properties declared without a value (`let query: [String: Any]`),
    /// by name id: its initializers give them one (`InitializedProperty`).
    @exclusivity(unchecked) package private(set) var storedMembers: NameLists<StoredMember>

    /// A stored dictionary property that its type's initializers set.
    package struct StoredMember {
        /// Code index of the name.
        package var nameIndex: Int
        /// The name id of the type that declares it.
        package var owner: Int32
    }

    /// What an open block is to the collection: a type body (its members are members), a
    /// control block, or a function or closure body (its `let`s are locals).
    private enum Scope {
        case type, control, code
    }

    package init(code: CodeView) {
        bindings = NameLists(nameCount: code.names.count)
        bodies = NameLists(nameCount: code.names.count)
        memberInitializers = NameLists(nameCount: code.names.count)
        storedMembers = NameLists(nameCount: code.names.count)
        // In keychain code, about one binding or function outside bodies per 128 code tokens and
        // one local per 32: reserving spares the arrays' regrowth.
        let n = code.count
        bindings.reserveCapacity(n / 128)
        bodies.reserveCapacity(n / 128)
        memberInitializers.reserveCapacity(n / 128)
        deferred.reserveCapacity(n / 32)
        var stack: [(open: Int, scope: Scope, owner: Int32?)] = []
        stack.reserveCapacity(64)
        /// Open function and closure bodies.
        var localDepth = 0
        var outermostOpen = 0
        // Every code token passes through here once: a raw buffer, and keywords told apart by their
        // bytes, keep the per-token cost to a few instructions.
        code.tokens.withUnsafeBufferPointer { tokens in
            for i in 0..<n {
                let token = tokens[i]
                switch token.kind {
                case .leftBrace:
                    let scope: Scope
                    switch code.blockKind(opening: i) {
                    case .type: scope = .type
                    case .control: scope = .control
                    case .function, .closure: scope = .code
                    }
                    stack.append((i, scope, scope == .type ? Self.typeName(opening: i, code: code) : nil))
                    if scope == .code {
                        if localDepth == 0 { outermostOpen = i }
                        localDepth += 1
                    }
                case .rightBrace:
                    if let top = stack.last, Int(code.partner[top.open]) == i {
                        stack.removeLast()
                        if top.scope == .code { localDepth -= 1 }
                    }
                case .keyword:
                    let word = Self.declarationKeyword(token, in: code.source)
                    if word == .binding {
                        let scopeOpen = stack.last?.open
                        let isMember = stack.last.map { $0.scope == .type } ?? true
                        let scope = scopeOpen.map { ($0 + 1)..<(code.after($0) - 1) } ?? 0..<n
                        if localDepth > 0 {
                            deferred.append(DeferredBinding(letIndex: i, scope: scope, isMember: isMember, owner: stack.last?.owner,
                                                            outermostOpen: outermostOpen))
                        } else {
                            record(binding: i, scope: scope, isMember: isMember, owner: stack.last?.owner, code: code)
                        }
                    } else if word == .function, code.kind(i + 1) == .identifier, let open = Self.bodyOpen(after: i + 1, code: code) {
                        bodies.append(Body(
                            open: open,
                            declaresDictionary: Self.declaresDictionary((i + 2)..<open, code: code),
                            parameterOpen: Self.parameterOpen(after: i + 1, before: open, code: code),
                            owner: stack.last?.owner, nameIndex: i + 1, isLocal: localDepth > 0), to: code.nameID(i + 1))
                    } else if word == .other, let top = stack.last, top.scope == .type, let owner = top.owner,
                              code.isKeyword(i, "init"), let open = Self.bodyOpen(after: i, code: code) {
                        // An initializer is called by its type's name (`KeychainQuery([…])`): filed under it.
                        bodies.append(Body(open: open, declaresDictionary: false, parameterOpen: Self.parameterOpen(after: i, before: open, code: code),
                                           owner: owner, nameIndex: i, isLocal: false), to: owner)
                    } else if word == .other, let top = stack.last, top.scope == .type, let owner = top.owner,
                              code.isKeyword(i, "subscript"), let open = Self.bodyOpen(after: i, code: code) {
                        // Called by brackets on a value of its type (`items[query]`), not by a name.
                        subscripts.append(Body(open: open, declaresDictionary: Self.declaresDictionary((i + 1)..<open, code: code),
                                               parameterOpen: Self.parameterOpen(after: i, before: open, code: code),
                                               owner: owner, nameIndex: i, isLocal: false))
                    }
                default:
                    continue
                }
            }
        }
    }

    private enum DeclarationKeyword {
        case binding, function, other
    }

    /// `let`/`var`, `func`, or another keyword, read from the token's bytes.
    @inline(__always)
    private static func declarationKeyword(_ token: Token, in source: SourceFile) -> DeclarationKeyword {
        if source.token(token, is: "let") || source.token(token, is: "var") { return .binding }
        return source.token(token, is: "func") ? .function : .other
    }

    private func record(binding i: Int, scope: Range<Int>, isMember: Bool, owner: Int32?, code: CodeView) {
        guard code.kind(i + 1) == .identifier else { return }
        let name = code.nameID(i + 1)
        // Find `=` (stored or local) or `{` (computed property) after an optional type annotation.
        var j = i + 2
        let limit = min(code.count, j + CodeView.maxExpressionSteps)
        scan: while j < limit {
            if code.is(j, "=") {
                let end = code.expressionEnd(from: j + 1, stopAtBrace: Self.isConditionBinding(i, code: code))
                let binding = Binding(nameID: name, nameIndex: i + 1, initializer: (j + 1)..<end, scope: scope,
                                      isMember: isMember, isLet: code.isKeyword(i, "let"), owner: isMember ? owner : nil)
                bindings.append(binding, to: name)
                if isMember { memberInitializers.append((j + 1)..<end, to: name) }
                return
            }
            if code.kind(j) == .leftBrace {
                if isMember {
                    bodies.append(Body(
                        open: j, declaresDictionary: Self.declaresDictionary((i + 2)..<j, code: code),
                        owner: owner, nameIndex: i + 1), to: name)
                } else if code.isKeyword(i, "var"), code.kind(i + 2) == .colon {
                    // A local computed variable (`var lookup: NSDictionary { … }`): a helper only
                    // the code around it can read. (`if let x {` has no type; `guard … else {` no `:`.)
                    bodies.append(Body(
                        open: j, declaresDictionary: Self.declaresDictionary((i + 2)..<j, code: code),
                        owner: nil, nameIndex: i + 1, isLocal: true), to: name)
                }
                return
            }
            if j > i + 2 && code.startsStatement(j) { break }
            switch code.kind(j) {
            case .leftParen, .leftBracket: j = code.after(j)
            case .comma, .semicolon, .rightBrace, .rightParen: break scan
            default: j += 1
            }
        }
        // No value and no body: a stored property, which the type's initializers set.
        if isMember, let owner, code.kind(i + 2) == .colon, Self.declaresDictionary((i + 2)..<min(j, code.count), code: code) {
            storedMembers.append(StoredMember(nameIndex: i + 1, owner: owner), to: name)
        }
    }

    /// Records the locals of the bodies `keep` accepts (given each outermost body's range, `{` to
    /// past `}`); the others stay unrecorded for good.
    package func recordLocals(code: CodeView, keep: (Range<Int>) -> Bool) {
        var decided: (open: Int, keep: Bool) = (-1, false)
        for local in deferred {
            if decided.open != local.outermostOpen {
                decided = (local.outermostOpen, keep(local.outermostOpen..<code.after(local.outermostOpen)))
            }
            if decided.keep {
                record(binding: local.letIndex, scope: local.scope, isMember: local.isMember, owner: local.owner, code: code)
            } else {
                unrecordedLocals.append(local.letIndex)
            }
        }
        deferred = []
    }

    /// `if let`, `guard let`, `while let`, `, let`: the initializer ends at the body's `{`.
    package static func isConditionBinding(_ letIndex: Int, code: CodeView) -> Bool {
        let p = letIndex - 1
        return code.isKeyword(p, "if") || code.isKeyword(p, "guard") || code.isKeyword(p, "while")
            || code.kind(p) == .comma || code.isKeyword(p, "case")
    }

    /// Whether a declaration header (`(…) -> T`, `: T`) names a dictionary type as its result.
    package static func declaresDictionary(_ header: Range<Int>, code: CodeView) -> Bool {
        var j = header.lowerBound
        // The result type follows the last top-level `->` (a function) or `:` (a property).
        var typeStart: Int?
        while j < header.upperBound {
            switch code.kind(j) {
            case .leftParen, .leftBracket:
                j = code.after(j)
                continue
            case .colon:
                typeStart = j + 1
            default:
                if code.is(j, "->") { typeStart = j + 1 }
            }
            j += 1
        }
        guard let t = typeStart, t < header.upperBound else { return false }
        if code.kind(t) == .leftBracket {
            let close = min(code.after(t) - 1, header.upperBound)
            return code.firstTopLevel(in: (t + 1)..<max(t + 1, close), where: { code.kind($0) == .colon }) != nil
        }
        return code.isIdentifier(t, "Dictionary") || code.isIdentifier(t, "CFDictionary")
            || code.isIdentifier(t, "NSDictionary") || code.isIdentifier(t, "NSMutableDictionary") || code.isDictionaryTypeAlias(t)
    }

    /// The `(` of a function's parameters, past generic parameters (`func f<T>(_ x: T)`).
    private static func parameterOpen(after name: Int, before open: Int, code: CodeView) -> Int? {
        var j = name + 1
        while j < open {
            if code.kind(j) == .leftParen { return j }
            j += 1
        }
        return nil
    }

    /// A member binding by name, ignoring locals: what `Type.name` or `self.name` refers to.
    /// With `owner`, only that type's members count; two candidates make it ambiguous (nil).
    package func memberBinding(named name: Int32, owner: Int32?) -> Binding? {
        var members = bindings[name].filter(\.isMember)
        if let owner { members = members.filter { $0.owner == owner } }
        return members.count == 1 ? members[0] : nil
    }

    /// The name id of the type a `struct`/`class`/`enum`/`extension`/`protocol`/`actor` block
    /// declares (the last component of `extension A.B`).
    package static func typeName(opening open: Int, code: CodeView) -> Int32? {
        var j = open - 1
        var steps = 0
        while j >= 0 && steps < 512 {
            steps += 1
            switch code.kind(j) {
            case .rightParen, .rightBracket:
                let q = Int(code.partner[j])
                if q < 0 { return nil }
                j = q
            case .rightBrace, .leftBrace, .semicolon:
                return nil
            default:
                if code.isKeyword(j, "struct") || code.isKeyword(j, "class") || code.isKeyword(j, "enum")
                    || code.isKeyword(j, "extension") || code.isKeyword(j, "protocol") || code.isIdentifier(j, "actor") {
                    var k = j + 1
                    guard code.kind(k) == .identifier else { return nil }
                    while code.kind(k + 1) == .period && code.kind(k + 2) == .identifier { k += 2 }
                    return code.nameID(k)
                }
            }
            j -= 1
        }
        return nil
    }

    /// The `{` of a function body after its name, or nil for a requirement without one.
    private static func bodyOpen(after name: Int, code: CodeView) -> Int? {
        var j = name + 1
        while j < code.count {
            switch code.kind(j) {
            case .leftBrace: return j
            case .leftParen, .leftBracket: j = code.after(j)
            case .rightBrace, .semicolon: return nil
            default:
                if code.isKeyword(j, "func") || code.isKeyword(j, "var") || code.isKeyword(j, "let") { return nil }
                j += 1
            }
        }
        return nil
    }

    /// The binding `name` refers to at code index `use`: the innermost visible one.
    /// Two different bindings visible at the same depth make it ambiguous (nil).
    package func binding(named name: Int32, at use: Int) -> Binding? {
        guard bindings.contains(name) else { return nil }
        var best: Binding?
        var ambiguous = false
        bindings.forEach(in: name) { b in
            guard b.scope.contains(use) || b.isMember else { return }
            if !b.isMember && b.nameIndex >= use { return }
            guard let current = best else { best = b; return }
            if b.scope.lowerBound > current.scope.lowerBound && !b.isMember {
                best = b
                ambiguous = false
            } else if b.scope.lowerBound == current.scope.lowerBound || (b.isMember && current.isMember) {
                if b.isMember == current.isMember { ambiguous = true }
            }
        }
        return ambiguous ? nil : best
    }

    package func bodies(named name: Int32) -> [Body] { bodies[name] }

    /// By name id: whether the file declares that name (`isDeclared`), for every id at once.
    package func declaredNameIDs(_ code: CodeView) -> [Bool] {
        var declared = [Bool](repeating: false, count: code.names.count)
        for id in bindings.names { declared[Int(id)] = true }
        for id in bodies.names { declared[Int(id)] = true }
        for local in unrecordedLocals where code.nameID(local + 1) >= 0 { declared[Int(code.nameID(local + 1))] = true }
        return declared
    }

    /// `let`/`var` indices of locals `recordLocals` left out: still declared names.
    @exclusivity(unchecked) private(set) var unrecordedLocals: [Int] = []

    package func isDeclared(_ name: Int32) -> Bool { bindings.contains(name) || bodies.contains(name) }
}
