import KeychainLintSyntax

/// What a `{ … }` block is. Decides where declarations live (a type's members are visible
/// file-wide; a function's locals are not) and which `return` belongs to which helper.
package enum BlockKind: Equatable, Sendable {
    case type
    /// A function, initializer, accessor or computed property body; the name when it has one.
    case function(name: String?)
    case closure
    case control
}

/// Small syntactic questions over the code view, answered locally and without recursion.
extension CodeView {
    /// Top-level tokens an expression or declaration header may span before reading gives up.
    package static let maxExpressionSteps = 512

    /// Whether the token can continue an expression begun on an earlier line (`.member`, `?? x`).
    package func continuesExpression(_ i: Int) -> Bool {
        switch kind(i) {
        case .period: return true
        case .operator: return !(self.is(i, "!") || self.is(i, "&"))
        case .keyword: return isKeyword(i, "as") || isKeyword(i, "is")
        default: return false
        }
    }

    /// Whether the token at the end of a line leaves the expression open (`=`, `&&`, `:`), as opposed to
    /// a postfix `!`/`?`, which closes it.
    package func leavesExpressionOpen(_ i: Int) -> Bool {
        switch kind(i) {
        case .operator:
            if self.is(i, "!") || self.is(i, "?") { return i > 0 && startsLineOrSpaced(i) }
            return true
        case .colon, .comma, .leftParen, .leftBracket, .period: return true
        default: return false
        }
    }

    /// A `!`/`?` separated from what precedes it is prefix or binary, not postfix.
    private func startsLineOrSpaced(_ i: Int) -> Bool {
        startsLine[i] || tokens[i].start != tokens[i - 1].end
    }

    /// Whether a new statement begins at `i` (a line break that no token on either side bridges).
    package func startsStatement(_ i: Int) -> Bool {
        if i <= 0 { return true }
        if kind(i - 1) == .semicolon || kind(i - 1) == .leftBrace || kind(i - 1) == .rightBrace { return true }
        return startsLine[i] && !continuesExpression(i) && !leavesExpressionOpen(i - 1)
    }

    /// The end (exclusive) of the expression starting at `start`: the first top-level `,`, `;`,
    /// closer, `else`, or line break that starts a new statement. With `stopAtBrace`, a top-level
    /// `{` also ends it (conditions of `if`/`guard`/`while`); otherwise it is a trailing closure.
    package func expressionEnd(from start: Int, limit: Int? = nil, stopAtBrace: Bool = false) -> Int {
        let end = limit ?? count
        var j = start
        // Bracket groups are jumped in one step; the cap keeps a pathological one-line file linear.
        var steps = 0
        while j < end && steps < Self.maxExpressionSteps {
            steps += 1
            if j > start && startsLine[j] && !continuesExpression(j) && !leavesExpressionOpen(j - 1) { break }
            switch kind(j) {
            case .leftParen, .leftBracket, .stringStart, .interpolationStart:
                j = after(j)
            case .leftBrace:
                if stopAtBrace { return j }
                j = after(j)
            case .rightParen, .rightBracket, .rightBrace, .comma, .semicolon, .stringEnd, .interpolationEnd:
                return j
            case .keyword where isKeyword(j, "else"):
                return j
            default:
                j += 1
            }
        }
        work += steps
        return min(j, end)
    }

    /// Splits the contents of the bracket group opened at `open` at its top-level commas.
    package func elements(of open: Int) -> [Range<Int>] {
        let close = partner[open] < 0 ? count : Int(partner[open])
        var result: [Range<Int>] = []
        var start = open + 1
        var j = start
        var steps = 0
        defer { work += steps }
        while j < close {
            steps += 1
            switch kind(j) {
            case .leftParen, .leftBracket, .leftBrace, .stringStart, .interpolationStart:
                j = min(after(j), close)
            case .comma:
                result.append(start..<j)
                j += 1
                start = j
            default:
                j += 1
            }
        }
        if start < close || !result.isEmpty { result.append(start..<close) }
        return result
    }

    /// The first top-level token in `range` that satisfies `test`, skipping bracket groups.
    package func firstTopLevel(in range: Range<Int>, where test: (Int) -> Bool) -> Int? {
        var j = range.lowerBound
        var steps = 1
        defer { work += steps }
        while j < range.upperBound {
            steps += 1
            if test(j) { return j }
            switch kind(j) {
            case .leftParen, .leftBracket, .leftBrace, .stringStart, .interpolationStart:
                j = after(j)
            default:
                j += 1
            }
        }
        return nil
    }

    package func isOpener(_ i: Int) -> Bool {
        switch kind(i) {
        case .leftParen, .leftBracket, .leftBrace, .stringStart, .interpolationStart: return true
        default: return false
        }
    }

    /// The index of a parameter's local name: `value` in `_ value: CFString` and in `value: CFString`.
    package func parameterName(_ parameter: Range<Int>) -> Int? {
        guard let colon = firstTopLevel(in: parameter, where: { self.kind($0) == .colon }),
              colon > parameter.lowerBound, kind(colon - 1) == .identifier else { return nil }
        return colon - 1
    }

    /// The body of the block opened at `open` when it is one expression (`{ make() }`), with a
    /// leading `return` when `allowingReturn` (a single-`return` body is the same thing to a getter).
    package func singleExpression(ofBlockAt open: Int, allowingReturn: Bool) -> Range<Int>? {
        let close = after(open) - 1
        var start = open + 1
        if allowingReturn && isKeyword(start, "return") { start += 1 }
        guard start < close else { return nil }
        return expressionEnd(from: start) == close ? start..<close : nil
    }

    /// Drops an argument label: `forKey: k` → `k`.
    package func droppingLabel(_ range: Range<Int>) -> Range<Int> {
        guard range.count >= 2 else { return range }
        let a = range.lowerBound
        if (kind(a) == .identifier || kind(a) == .keyword) && kind(a + 1) == .colon { return (a + 2)..<range.upperBound }
        return range
    }

    /// Each argument's label, `_` for none: what `FunctionSignature.bind` reads.
    package func labels(of arguments: [Range<Int>]) -> [String] {
        arguments.map { label(of: $0) ?? "_" }
    }

    /// The label of an argument, if it has one: a name before a colon (`query: q`), not the
    /// bracket of an empty dictionary literal (`[:]`, whose `[` once read as the label).
    package func label(of range: Range<Int>) -> String? {
        guard range.count >= 2, kind(range.lowerBound + 1) == .colon,
              kind(range.lowerBound) == .identifier || kind(range.lowerBound) == .keyword else { return nil }
        return text(range.lowerBound)
    }

    /// Whether a single expression alone in the block opened at `open` is its value: a closure's
    /// (`{ SecItemAdd(q, nil) }`), a function's with a result type or a computed property's
    /// (implicit return), not a control block's (`if ok { SecItemAdd(q, nil) }`) nor a function's
    /// without a result type.
    package func blockReturnsItsExpression(opening open: Int) -> Bool {
        switch blockKind(opening: open) {
        case .closure: return true
        case .control, .type: return false
        case .function:
            // `-> T {`, or a computed property `var x: T {`; `func f() {` returns nothing.
            var j = open - 1
            var steps = 0
            defer { work += steps }
            while j >= 0 && steps < 512 {
                steps += 1
                if self.is(j, "->") || isKeyword(j, "var") || isKeyword(j, "subscript") { return true }
                if isKeyword(j, "func") || isKeyword(j, "init") || kind(j) == .leftBrace || kind(j) == .rightBrace { return false }
                if kind(j) == .rightParen || kind(j) == .rightBracket, partner[j] >= 0 { j = Int(partner[j]) }
                j -= 1
            }
            return true
        }
    }

    /// Classifies the block opened at `open` from the tokens of the statement that introduces it.
    /// Whether the operator at `i` is only `>`s (`>`, `>>`: one or two generic lists closing).
    private func isClosingAngles(_ i: Int) -> Bool {
        let token = tokens[i]
        guard token.end > token.start else { return false }
        return source.bytes[Int(token.start)..<Int(token.end)].allSatisfy { $0 == UInt8(ascii: ">") }
    }

    package func blockKind(opening open: Int) -> BlockKind {
        let p = open - 1
        guard p >= 0 else { return .closure }
        switch kind(p) {
        case .operator where (self.is(p, "?") || self.is(p, "!")) && p > 0 && tokens[p].start == tokens[p - 1].end:
            // Postfix: the end of an optional return type (`-> Data? {`) or of a condition
            // (`if flag! {`); the statement before it decides.
            break
        case .operator where isClosingAngles(p):
            // The end of a generic type (`-> Result<Void, Error> {`, `struct Box<T> {`): no
            // expression ends in `>` before a brace, so the statement before it decides.
            break
        case .operator, .leftParen, .leftBracket, .comma, .colon, .leftBrace, .semicolon, .interpolationStart:
            return .closure
        case .keyword where isKeyword(p, "return") || isKeyword(p, "in"):
            return .closure
        case .identifier:
            if isIdentifier(p, "get") || isIdentifier(p, "set") || isIdentifier(p, "willSet")
                || isIdentifier(p, "didSet") || isIdentifier(p, "_modify") || isIdentifier(p, "_read") {
                return .function(name: nil)
            }
        default:
            break
        }
        var j = p
        var steps = 0
        defer { work += steps }
        while j >= 0 && steps < 512 {
            steps += 1
            switch kind(j) {
            case .rightParen, .rightBracket:
                let q = Int(partner[j])
                if q < 0 { return .closure }
                j = q
            case .rightBrace, .leftBrace, .semicolon:
                return .closure
            case .keyword:
                if let kind = keywordBlockKind(at: j, open: open) { return kind }
            case .identifier where isIdentifier(j, "actor") && kind(j + 1) == .identifier:
                return .type
            default:
                break
            }
            if startsStatement(j) { return .closure }
            j -= 1
        }
        return .closure
    }

    private func keywordBlockKind(at j: Int, open: Int) -> BlockKind? {
        let token = tokens[j]
        if source.token(token, is: "func") {
            return .function(name: kind(j + 1) == .identifier ? text(j + 1) : nil)
        }
        if source.token(token, is: "init") || source.token(token, is: "deinit") || source.token(token, is: "subscript") {
            return .function(name: nil)
        }
        if source.token(token, is: "struct") || source.token(token, is: "class") || source.token(token, is: "enum")
            || source.token(token, is: "extension") || source.token(token, is: "protocol") {
            return .type
        }
        if source.token(token, is: "if") || source.token(token, is: "guard") || source.token(token, is: "else")
            || source.token(token, is: "for") || source.token(token, is: "while") || source.token(token, is: "switch")
            || source.token(token, is: "repeat") || source.token(token, is: "do") || source.token(token, is: "catch")
            || source.token(token, is: "defer") {
            return .control
        }
        if source.token(token, is: "var") || source.token(token, is: "let") {
            // `if let x = y {`, `if let x {`, `guard …, let x = y else {`, `if case let …`, `catch let
            // error as E where … {`: a condition's binding, not a declaration; the keyword before it
            // says what the block is.
            if j > 0, kind(j - 1) == .comma || isKeyword(j - 1, "if") || isKeyword(j - 1, "guard")
                || isKeyword(j - 1, "while") || isKeyword(j - 1, "case") || isKeyword(j - 1, "catch") {
                return nil
            }
            let hasInitializer = firstTopLevel(in: (j + 1)..<open) { self.is($0, "=") } != nil
            if hasInitializer { return .closure }
            return .function(name: kind(j + 1) == .identifier ? text(j + 1) : nil)
        }
        return nil
    }

    /// What a computed property's body at `open` evaluates: its `get { … }` block when it spells
    /// its accessors (`get throws`, `get async` too), else the whole body (`{` to past `}`).
    package func getterBlock(ofBodyAt open: Int) -> Range<Int> {
        let body = interior(of: open)
        // An accessor block starts with one: `{ get { … } set { … } }`, `{ set { … } get { … } }`.
        if !body.isEmpty, isIdentifier(body.lowerBound, "get") || isIdentifier(body.lowerBound, "set"),
           let get = firstTopLevel(in: body, where: { self.isIdentifier($0, "get") && self.startsStatement($0) }) {
            var j = get + 1
            while j < body.upperBound && j <= get + 3 && kind(j) != .leftBrace { j += 1 }
            if kind(j) == .leftBrace { return j..<after(j) }
        }
        return open..<after(open)
    }

    /// The code-token range of the body of the function that encloses `index` (closures and control
    /// blocks are looked through), or the whole file for top-level code.
    ///
    /// Walks up the enclosing `{`s (`enclosingBraces`, made once per file): asked for every call of
    /// a long top-level script, a backward scan would make the file quadratic.
    package func enclosingFunctionBody(of index: Int) -> Range<Int> {
        guard index > 0, index <= count else { return 0..<count }
        let j = index - 1
        var open = kind(j) == .leftBrace && partner[j] >= 0 ? j : Int(enclosingBraces[j])
        while open >= 0 {
            if case .function = blockKind(opening: open) {
                return interior(of: open)
            }
            open = Int(enclosingBraces[open])
        }
        return 0..<count
    }

    /// True for a lone `true`, false for a lone `false`, nil for anything else.
    package func literalBool(_ range: Range<Int>) -> Bool? {
        guard range.count == 1 else { return nil }
        if isKeyword(range.lowerBound, "true") { return true }
        if isKeyword(range.lowerBound, "false") { return false }
        return nil
    }

    /// The index of the code token that starts at byte `offset`, nil when none does.
    package func index(startingAt offset: Int) -> Int? {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if Int(tokens[mid].start) < offset { low = mid + 1 } else { high = mid }
        }
        return low < count && Int(tokens[low].start) == offset ? low : nil
    }
}
