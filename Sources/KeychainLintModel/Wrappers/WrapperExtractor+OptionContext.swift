import KeychainLintSyntax

/// Where a wrapper's option name is the wrapper's value. An app often declares an enum of its
/// own with the same case names (`enum AccessOptions { case accessibleAlways … }`) and maps it onto
/// the wrapper's; `case .accessibleAlways:` in a `switch` over it, or `opt == .accessibleAlways`,
/// reads the app's value and sets nothing. The mistake is reported once, where the wrapper's value
/// is produced: the `withAccess:` argument, or the `return` of a function typed with the wrapper's enum.
extension WrapperExtractor {
    /// What the context of an implicit member says about the type it expects.
    enum ExpectedType {
        /// The code spells the type: these tokens (`let x: T =`, `-> T`, the `T` of `[T]` for an
        /// array literal's element).
        case spelled(Range<Int>)
        /// An argument of a call, labelled by the identifier at this index (`withAccess:`).
        case argument(label: Int)
        case unknown
    }

    static let keychainSwiftOptionType: StaticString = "KeychainSwiftAccessOptions"

    /// Whether KeychainSwift's option case at `i` (`.accessibleAlways`; `i - 1` is the `.`) is the
    /// wrapper's value being produced: written as `KeychainSwiftAccessOptions.x`, or as `.x` where
    /// that type is expected, or where nothing says which type is expected and the file declares no
    /// case of that name itself. Never as a `case` pattern or a comparison operand.
    func producesKeychainSwiftOption(at i: Int) -> Bool {
        let dot = i - 1
        switch code.kind(dot - 1) {
        case .identifier:
            return code.isIdentifier(dot - 1, "KeychainSwiftAccessOptions")
        case .rightParen, .rightBracket:
            return false  // a member of a value, not a case
        default:
            break
        }
        if startsCasePattern(dot) || isComparisonOperand(dot: dot, name: i) { return false }
        switch expectedType(at: dot) {
        case .spelled(let type): return spells(type, Self.keychainSwiftOptionType)
        case .argument(let label) where code.isIdentifier(label, "withAccess"): return true
        case .argument, .unknown: return !declaresOwnCase(code.nameID(i))
        }
    }

    static let swiftKeychainWrapperAccessibilityType: StaticString = "KeychainItemAccessibility"

    /// Whether SwiftKeychainWrapper's accessibility case at `i` (`.always`; `i - 1` is the `.`) is
    /// produced where the code says that type is expected: `KeychainItemAccessibility.always`, or
    /// `.always` under a `KeychainItemAccessibility` annotation, result type or array element type
    /// (`let options: [KeychainItemAccessibility] = [.always, …]`, looped into `withAccessibility:`).
    /// `.always` is too common a name to count where nothing says the type; a `withAccessibility:`
    /// argument is read with its call. Never as a `case` pattern or a comparison operand.
    func producesSwiftKeychainWrapperAccessibility(at i: Int) -> Bool {
        let dot = i - 1
        var start = dot
        switch code.kind(dot - 1) {
        case .identifier:
            guard code.isIdentifier(dot - 1, Self.swiftKeychainWrapperAccessibilityType) else { return false }
            start = dot - 1
        case .rightParen, .rightBracket:
            return false  // a member of a value, not a case
        default:
            break
        }
        if startsCasePattern(dot) || isComparisonOperand(dot: start, name: i) { return false }
        if case .spelled(let type) = expectedType(after: start - 1, start: start, hops: 0) {
            return spells(type, Self.swiftKeychainWrapperAccessibilityType)
        }
        return start != dot
    }

    /// Whether the spelled type names `type` (`T`, `T?`, `Module.T`).
    private func spells(_ range: Range<Int>, _ type: StaticString) -> Bool {
        range.contains { code.isIdentifier($0, type) }
    }

    /// `==`, `!=` or `~=` on either side of the member at `dot`…`name`.
    private func isComparisonOperand(dot: Int, name: Int) -> Bool {
        for j in [dot - 1, name + 1] where code.kind(j) == .operator {
            if code.is(j, "==") || code.is(j, "!=") || code.is(j, "~=") { return true }
        }
        return false
    }

    /// Whether the `.` at `dot` begins a member in a `case` pattern: `case .a:`, `case .b, .a:`,
    /// `if case .a = x`, `case (.a, _):`, `case .b?, .a:`.
    func startsCasePattern(_ dot: Int) -> Bool {
        var j = dot - 1
        var steps = 0
        defer { code.work += steps }
        while j >= 0, steps < 256 {
            steps += 1
            switch code.kind(j) {
            case .keyword:
                if code.isKeyword(j, "case") { return true }
                guard code.isKeyword(j, "let") || code.isKeyword(j, "var") || code.isKeyword(j, "is") || code.is(j, "_") else { return false }
            case .leftParen:
                // A tuple pattern goes on to its `case`; a call's argument list (`f(.a)`) is no pattern.
                guard code.isKeyword(j - 1, "case") || code.kind(j - 1) == .comma || code.kind(j - 1) == .leftParen else { return false }
            case .rightParen:
                let opener = Int(code.partner[j])
                guard opener >= 0 else { return false }
                j = opener
            case .comma, .period, .identifier:
                break
            case .operator:
                guard code.is(j, "?") else { return false }
            default:
                return false
            }
            // Reaching the start of a statement that is not a `case`: no pattern.
            if code.startsStatement(j) { return false }
            j -= 1
        }
        return false
    }

    /// The type the context of the implicit member at `dot` expects, when the code says.
    private func expectedType(at dot: Int) -> ExpectedType { expectedType(after: dot - 1, start: dot, hops: 0) }

    /// The type expected of the expression that starts at `start`, from the token `p` before it.
    /// A branch of `c ? a : b` or the right side of `a ?? b` has the type of the whole expression.
    private func expectedType(after p: Int, start: Int, hops: Int) -> ExpectedType {
        switch code.kind(p) {
        case .colon:
            if let question = ternaryQuestion(beforeColon: p) { return typeOfExpression(around: question, hops: hops) }
            if code.isKeyword(p - 1, "default") || startsCasePattern(p) { return resultType(around: p) }  // a `switch` expression's arm
            guard code.kind(p - 1) == .identifier, code.kind(p - 2) == .leftParen || code.kind(p - 2) == .comma else { return .unknown }
            return .argument(label: p - 1)
        case .leftBracket, .comma:
            return elementType(after: p, hops: hops)
        case .keyword where code.isKeyword(p, "return"):
            return resultType(around: p)
        case .leftBrace where code.expressionEnd(from: start) == code.after(p) - 1:
            return resultType(around: start)
        case .operator where code.is(p, "="):
            return annotatedType(before: p)
        case .operator where code.is(p, "??") || isTernaryQuestion(p):
            return typeOfExpression(around: p, hops: hops)
        default:
            return .unknown
        }
    }

    /// The type of an array literal's element that starts after `p` (its `[` or a `,`), when the code
    /// spells the array's type `[T]`. A dictionary's (`[K: V]`) or a subscript's (`a[.x]`: nothing
    /// says what `a` expects) is unknown.
    private func elementType(after p: Int, hops: Int) -> ExpectedType {
        guard hops < 4, let open = code.kind(p) == .leftBracket ? p : collectionOpener(before: p), code.kind(open) == .leftBracket,
              case .spelled(let array) = expectedType(after: open - 1, start: open, hops: hops + 1),
              code.kind(array.lowerBound) == .leftBracket, Int(code.partner[array.lowerBound]) == array.upperBound - 1 else { return .unknown }
        let element = (array.lowerBound + 1)..<(array.upperBound - 1)
        guard !element.isEmpty, code.firstTopLevel(in: element, where: { code.kind($0) == .colon }) == nil else { return .unknown }
        return .spelled(element)
    }

    /// The type expected of the whole expression the operator at `op` (`?` of a ternary, `??`) is in.
    private func typeOfExpression(around op: Int, hops: Int) -> ExpectedType {
        guard hops < 4 else { return .unknown }
        var j = op - 1
        var steps = 0
        while j >= 0, steps < 64 {
            steps += 1
            switch code.kind(j) {
            case .rightParen, .rightBracket:
                let opener = Int(code.partner[j])
                guard opener >= 0 else { return .unknown }
                j = opener
            case .leftBrace, .leftParen, .leftBracket, .comma, .colon, .semicolon, .rightBrace:
                return expectedType(after: j, start: j + 1, hops: hops + 1)
            case .keyword where code.isKeyword(j, "return"):
                return expectedType(after: j, start: j + 1, hops: hops + 1)
            case .operator where code.is(j, "="):
                return expectedType(after: j, start: j + 1, hops: hops + 1)
            default:
                break
            }
            if code.startsStatement(j) { return expectedType(after: j - 1, start: j, hops: hops + 1) }
            j -= 1
        }
        return .unknown
    }

    /// A `?` with a space before it: a ternary's, not optional chaining's (`a?.b`) or a type's (`T?`).
    private func isTernaryQuestion(_ i: Int) -> Bool {
        code.kind(i) == .operator && code.is(i, "?") && i > 0 && code.tokens[i].start != code.tokens[i - 1].end
    }

    /// The `?` of the ternary whose `:` is at `colon`, or nil for another colon.
    private func ternaryQuestion(beforeColon colon: Int) -> Int? {
        var j = colon - 1
        var steps = 0
        while j >= 0, steps < 64 {
            steps += 1
            if isTernaryQuestion(j) { return j }
            switch code.kind(j) {
            case .rightParen, .rightBracket, .stringEnd:
                let opener = Int(code.partner[j])
                guard opener >= 0 else { return nil }
                j = opener
            case .identifier, .keyword, .period, .operator, .integerLiteral, .floatLiteral:
                break
            default:
                return nil
            }
            if code.startsStatement(j) { return nil }
            j -= 1
        }
        return nil
    }

    /// The declared result type of the function, accessor or computed property whose value the
    /// expression at `index` is (control blocks looked through; a closure's is unknown).
    private func resultType(around index: Int) -> ExpectedType {
        var at = index
        for _ in 0..<Self.maxBlockLevels {
            guard let open = enclosingBrace(of: at) else { return .unknown }
            switch blockKind(opening: open) {
            case .control:
                at = open
            case .function:
                if code.isIdentifier(open - 1, "get"), let property = enclosingBrace(of: open) {
                    return declaredType(ofBodyAt: property)
                }
                return declaredType(ofBodyAt: open)
            case .closure, .type:
                return .unknown
            }
        }
        return .unknown
    }

    /// `-> T` of a function or subscript, `: T` of a computed property.
    private func declaredType(ofBodyAt open: Int) -> ExpectedType {
        guard let keyword = declarationKeyword(ofBodyAt: open) else { return .unknown }
        let marker: Int?
        if code.isKeyword(keyword, "var") || code.isKeyword(keyword, "let") {
            marker = code.firstTopLevel(in: (keyword + 1)..<open) { code.kind($0) == .colon }
        } else {
            marker = code.firstTopLevel(in: (keyword + 1)..<open) { code.is($0, "->") }
        }
        guard let marker else { return .unknown }
        let end = code.firstTopLevel(in: (marker + 1)..<open) { code.isKeyword($0, "where") } ?? open
        return classify(type: (marker + 1)..<end)
    }

    /// `let x: T = ` and a parameter's `x: T = ` default: the annotation before the `=` at `equals`.
    private func annotatedType(before equals: Int) -> ExpectedType {
        var j = equals - 1
        var steps = 0
        while j >= 0, steps < 64 {
            steps += 1
            switch code.kind(j) {
            case .colon:
                return classify(type: (j + 1)..<equals)
            case .rightParen, .rightBracket:
                let opener = Int(code.partner[j])
                guard opener >= 0 else { return .unknown }
                j = opener
            case .identifier, .period:
                break
            case .operator:
                guard !code.is(j, "=") else { return .unknown }  // `a = b = .x`
            case .keyword:
                guard code.isKeyword(j, "any") || code.isKeyword(j, "some") else { return .unknown }
            default:
                return .unknown
            }
            if code.startsStatement(j) { return .unknown }
            j -= 1
        }
        return .unknown
    }

    private func classify(type range: Range<Int>) -> ExpectedType {
        range.isEmpty ? .unknown : .spelled(range)
    }

    /// Whether the file declares a case (or a static member) named `name` of its own.
    private func declaresOwnCase(_ name: Int32) -> Bool {
        if extractor.declarations.isDeclared(name) { return true }
        if ownCaseNames == nil { ownCaseNames = collectEnumCaseNames() }
        return ownCaseNames?.contains(name) ?? false
    }

    /// The names of every `case` declared directly in a type body (`case a, b(Int), c = 3`).
    private func collectEnumCaseNames() -> Set<Int32> {
        var names = Set<Int32>()
        var typeBlocks: [Bool] = []
        for i in 0..<code.count {
            switch code.kind(i) {
            case .leftBrace:
                typeBlocks.append(code.blockKind(opening: i) == .type)
            case .rightBrace:
                _ = typeBlocks.popLast()
            case .keyword where code.isKeyword(i, "case") && typeBlocks.last == true:
                var j = i + 1
                while code.kind(j) == .identifier {
                    names.insert(code.nameID(j))
                    // The list goes on after the name, its payload or its raw value: `a, b(Int), c = 3`.
                    let end = code.expressionEnd(from: j)
                    guard code.kind(end) == .comma else { break }
                    j = end + 1
                }
            default:
                continue
            }
        }
        return names
    }
}
