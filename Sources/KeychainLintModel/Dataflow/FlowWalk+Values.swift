import KeychainLintSyntax

/// A dictionary expression's entries and where it came from.
struct DictionaryExpression {
    var entries: [KeychainEntry]
    var originOffset: Int
    /// Written as a literal right here (missing-entry findings then point at its `[`).
    var isLiteral: Bool
    /// The tracked variable it was read from, if any.
    var variable: Int?
    /// It starts from a dictionary the file cannot read.
    var hasUnknownBase = false
    var certainlyAbsent: Set<String> = []
    /// In a summarised body: the parameter it starts from (`FlowWalk.summary`).
    var parameter: Int?
    /// In a summarised body: the one parameter merged into a dictionary it otherwise knows
    /// (`var a = base; a.merge(extra) { … }`), when it starts from no parameter.
    var mergedParameter: Int?

    func keychainDictionary(isVariable: Bool) -> KeychainDictionary {
        KeychainDictionary(entries: entries, originOffset: originOffset, isVariable: isVariable,
                           hasUnknownBase: hasUnknownBase, certainlyAbsent: certainlyAbsent)
    }

    /// Whether a use of it is keychain code: it names a class, or it starts unknown and has a `kSec…` entry.
    var isKeychainDictionary: Bool {
        FlowWalk.isKeychainDictionary(entries) || (hasUnknownBase && entries.contains { $0.key.hasPrefix("kSec") })
    }
}

/// Expression evaluation: values, keys and dictionaries, with casts and wrappers peeled off.
extension FlowWalk {
    /// The Security key an expression names (`kSecAttrService as String`, `String(kSecClass)`, an alias).
    func keyName(_ range: Range<Int>) -> String? {
        guard case .symbol(let name) = value(range), name.hasPrefix("kSec") else { return nil }
        return name
    }

    func value(_ range: Range<Int>) -> KeychainValue {
        // Nested literals and interpolations recurse; past a sane depth the value is simply unknown.
        guard extractor.evaluationDepth < DictionaryExtractor.maxEvaluationDepth else { return .unknown }
        extractor.evaluationDepth += 1
        defer { extractor.evaluationDepth -= 1 }
        let r = trimmed(range)
        guard !r.isEmpty else { return .unknown }
        let a = r.lowerBound
        let kind = code.kind(a)

        if r.count == 1 {
            switch kind {
            case .keyword:
                if code.isKeyword(a, "true") { return .bool(true) }
                if code.isKeyword(a, "false") { return .bool(false) }
                if code.isKeyword(a, "nil") { return .null }
                return .unknown
            case .identifier: return resolve(at: a)
            case .integerLiteral, .floatLiteral: return .number(code.text(a))
            default: return .unknown
            }
        }
        if kind == .stringStart && code.after(a) == r.upperBound { return stringValue(at: a) }
        if kind == .leftBracket && code.after(a) == r.upperBound {
            if let entries = dictionaryLiteral(at: a) { return .dictionary(entries) }
            return .unknown
        }
        if code.is(a, "-") && r.count == 2 && (code.kind(a + 1) == .integerLiteral || code.kind(a + 1) == .floatLiteral) {
            return .number("-" + code.text(a + 1))
        }
        // A top-level operator other than a trailing postfix `!`/`?` (ternary, `??`, arithmetic): not a known value.
        if code.firstTopLevel(in: r, where: { self.code.kind($0) == .operator }) != nil { return .unknown }
        if let mapped = extractor.caseConstant(r) { return mapped }
        if let special = call(r) { return special }
        if let dictionary = dictionary(r) { return .dictionary(dictionary.entries) }
        if let constant = convertedConstant(r) { return constant }
        if isMemberChain(r) {
            let qualifier = r.upperBound - 3
            let owner = code.kind(qualifier) == .identifier ? code.nameID(qualifier) : nil
            return resolve(at: r.upperBound - 1, memberOnly: true, owner: owner)
        }
        return .unknown
    }

    /// `kSecClass.stringValue`: a property an extension gives `CFString` to turn a constant into a
    /// `String` key (`var stringValue: String { self as String }`), like `kSecClass as String`. Any
    /// member of a `kSec…` constant but those that are no string of it (`hashValue`, `length`).
    private func convertedConstant(_ r: Range<Int>) -> KeychainValue? {
        let a = r.lowerBound
        guard r.count == 3, code.kind(a) == .identifier, code.kind(a + 1) == .period, code.kind(a + 2) == .identifier,
              code.identifier(a, hasPrefix: "kSec"), !Self.nonConversionMembers.contains(code.text(a + 2)),
              case .symbol(let symbol) = resolve(at: a), symbol.hasPrefix("kSec") else { return nil }
        return .symbol(symbol)
    }

    private static let nonConversionMembers: Set<String> = [
        "hashValue", "hash", "length", "count", "isEmpty", "utf8", "utf16", "unicodeScalars", "startIndex", "endIndex",
    ]

    /// Initializers that turn a `kSec…` constant into the same key: `String(kSecClass)`.
    static let stringConversions: Set<String> = ["String", "NSString", "CFString"]
    private static let conversionInitializers = stringConversions.union(["NSNumber", "Data"])

    /// `String(x)`, `NSNumber(value: true)`, `Data(s.utf8)`, `s.data(using:)`, `SecAccessControlCreateWithFlags(…)`.
    private func call(_ r: Range<Int>) -> KeychainValue? {
        let last = r.upperBound - 1
        guard code.kind(last) == .rightParen, code.partner[last] >= 0 else { return nil }
        let open = Int(code.partner[last])
        let calleeEnd = open - 1
        guard calleeEnd >= r.lowerBound, code.kind(calleeEnd) == .identifier else { return nil }
        let arguments = code.elements(of: open)
        if calleeEnd >= r.lowerBound + 1 && code.kind(calleeEnd - 1) == .period && code.isIdentifier(calleeEnd, "data") {
            return .dataFromString
        }
        let isQualified = calleeEnd > r.lowerBound
        if isQualified && !(code.kind(calleeEnd - 1) == .period && isMemberChain(r.lowerBound..<(calleeEnd + 1))) { return nil }
        let callee = code.text(calleeEnd)
        // `toString(kSecClass)` through a user function that hands its argument back.
        if arguments.count == 1, !Self.conversionInitializers.contains(callee) {
            let inner = value(code.droppingLabel(arguments[0]))
            if case .symbol(let symbol) = inner, symbol.hasPrefix("kSec"), extractor.isPassThrough(named: code.nameID(calleeEnd)) { return inner }
        }
        guard !isQualified else { return nil }
        switch callee {
        case _ where Self.stringConversions.contains(callee):
            guard arguments.count == 1 else { return .someString }
            if code.label(of: arguments[0]) == "describing" { return .someString }
            let inner = value(code.droppingLabel(arguments[0]))
            switch inner {
            case .symbol, .string: return inner
            default: return .someString
            }
        case "NSNumber":
            guard arguments.count == 1, case .bool(let b) = value(code.droppingLabel(arguments[0])) else { return .unknown }
            return .bool(b)
        case "Data":
            guard arguments.count == 1 else { return .unknown }
            let arg = arguments[0]
            if arg.count >= 3, code.isIdentifier(arg.upperBound - 1, "utf8"), code.kind(arg.upperBound - 2) == .period {
                return .dataFromString
            }
            return .unknown
        case "SecAccessControlCreateWithFlags":
            guard arguments.count >= 2 else { return .unknown }
            return .accessControl(protection: value(code.droppingLabel(arguments[1])))
        default:
            return nil
        }
    }

    /// `Name`, `Type.name`, `self.name`, `Self.name`, `A.B.name`.
    private func isMemberChain(_ r: Range<Int>) -> Bool {
        guard r.count >= 3, r.count % 2 == 1 else { return false }
        var j = r.lowerBound
        while j < r.upperBound {
            let isName = code.kind(j) == .identifier || code.isKeyword(j, "self") || code.isKeyword(j, "Self")
            if !isName { return false }
            if j + 1 < r.upperBound && code.kind(j + 1) != .period { return false }
            j += 2
        }
        return code.kind(r.upperBound - 1) == .identifier
    }

    /// The bare name at `index`: a tracked dictionary, a same-file constant, a project constant, a
    /// helper, or a Security constant the file does not declare itself.
    /// `memberOnly`: the last name of `Type.name` or `self.name`, which no local can shadow;
    /// `owner` is `Type` when written.
    func resolve(at index: Int, memberOnly: Bool = false, owner: Int32? = nil) -> KeychainValue {
        if !memberOnly, let variable = variableIndex(at: index) {
            // A local the file cannot read (a parameter, a tuple element) with nothing written to it: unknown.
            let entries = snapshot(variable)
            return entries.isEmpty && openness(variable).unknownBase ? .unknown : .dictionary(entries)
        }
        let id = code.nameID(index)
        // A name the file does not declare means the same wherever it is used, unless a type
        // qualifies it or another file's helper (whose entries take the use's place) is behind it.
        let isPlain = owner == nil && !extractor.declarations.isDeclared(id)
        if isPlain, let known = extractor.plainValue(of: id) {
            extractor.log.consult(id)
            return known
        }
        let constant = memberOnly ? extractor.memberConstantValue(named: id, owner: owner)
            : extractor.constantValue(named: id, at: index)
        if let constant { return constant }
        if let computed = extractor.computedConstant(named: id, owner: owner) { return computed }
        extractor.log.consult(id)
        let name = code.text(index)
        if let project = extractor.projectConstant(named: name, owner: owner.map(code.spelling)) {
            if isPlain { extractor.remember(project, asPlainValueOf: id) }
            return project
        }
        if let helper = extractor.helperEntries(named: id, at: index) { return .dictionary(helper) }
        let value: KeychainValue
        if code.isIdentifier(index, "kCFBooleanTrue") {
            value = .bool(true)
        } else if code.isIdentifier(index, "kCFBooleanFalse") {
            value = .bool(false)
        } else if code.identifier(index, hasPrefix: "kSec") || code.identifier(index, hasPrefix: "kCF") {
            value = .symbol(name)
        } else {
            value = .unknown
        }
        if isPlain { extractor.remember(value, asPlainValueOf: id) }
        return value
    }


    /// Peels `try`/`await`, wrapping parentheses, trailing casts (`as String`, `as! CFDictionary`)
    /// and trailing postfix `!`/`?`.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var r = range
        var guardSteps = 0
        while !r.isEmpty && guardSteps < 64 {
            guardSteps += 1
            let a = r.lowerBound
            if code.isKeyword(a, "try") || code.isKeyword(a, "await") || (code.isIdentifier(a, "unsafe") && r.count > 1) {
                r = (a + 1)..<r.upperBound
                if code.is(r.lowerBound, "?") || code.is(r.lowerBound, "!") { r = (r.lowerBound + 1)..<r.upperBound }
                continue
            }
            if code.kind(a) == .leftParen && code.after(a) == r.upperBound {
                let inner = code.elements(of: a)
                if inner.count != 1 { return r }
                r = (a + 1)..<(r.upperBound - 1)
                continue
            }
            let last = r.upperBound - 1
            if code.kind(last) == .operator && (code.is(last, "!") || code.is(last, "?")) && last > a
                && !code.startsLine[last] && code.tokens[last].start == code.tokens[last - 1].end {
                r = a..<last
                continue
            }
            let afterFirst = code.isOpener(a) ? min(code.after(a), r.upperBound) : a + 1
            if let cast = code.firstTopLevel(in: afterFirst..<r.upperBound, where: { self.code.isKeyword($0, "as") }) {
                r = a..<cast
                continue
            }
            break
        }
        return r
    }

    /// A string literal with escapes read and interpolations of known constants filled in.
    private func stringValue(at start: Int) -> KeychainValue {
        let end = code.after(start) - 1
        let isRaw = code.source.bytes[Int(code.tokens[start].start)] == UInt8(ascii: "#")
        var parts: [StringValue.Part] = []
        var j = start + 1
        while j < end {
            switch code.kind(j) {
            case .stringSegment:
                let bytes = code.source.bytes[code.tokens[j].range]
                parts.append(.text(isRaw ? String(decoding: bytes, as: UTF8.self) : StringEscapes.unescape(bytes)))
                j += 1
            case .interpolationStart:
                let inside = code.interior(of: j), close = inside.upperBound
                switch value(inside) {
                case .string(let inner): parts.append(contentsOf: inner.parts)
                case .number(let n): parts.append(.text(n))
                default: parts.append(.unknown)
                }
                j = close + 1
            default:
                j += 1
            }
        }
        return .string(StringValue(parts: parts))
    }

    // MARK: Dictionaries

    /// The entries of a dictionary literal, or nil when the brackets hold an array or nothing readable.
    /// Nested literals are read here and marked consumed.
    func dictionaryLiteral(at open: Int) -> [KeychainEntry]? {
        // A summary's walk claims nothing: the file's own walk decides which literals stand alone.
        if summary == nil { extractor.consumed[open] = true }
        let elements = code.elements(of: open)
        if elements.count == 1 && elements[0].count == 1 && code.kind(elements[0].lowerBound) == .colon { return [] }
        guard let first = elements.first, code.firstTopLevel(in: first, where: { self.code.kind($0) == .colon }) != nil else {
            return nil
        }
        guard extractor.evaluationDepth < DictionaryExtractor.maxEvaluationDepth else { return [] }
        extractor.evaluationDepth += 1
        defer { extractor.evaluationDepth -= 1 }
        var entries: [KeychainEntry] = []
        for element in elements where !element.isEmpty {
            guard let colon = code.firstTopLevel(in: element, where: { self.code.kind($0) == .colon }) else { continue }
            guard let key = keyName(element.lowerBound..<colon) else { continue }
            entries.append(entry(key: key, keyStart: element.lowerBound, value: (colon + 1)..<element.upperBound))
        }
        return entries
    }

    /// Any expression that yields a dictionary: a literal, an empty `[String: Any]()`, a tracked
    /// variable, a helper's result, `x.merging(y) {…}`, `NSDictionary(dictionary: x)`.
    func dictionary(_ range: Range<Int>) -> DictionaryExpression? {
        guard extractor.evaluationDepth < DictionaryExtractor.maxEvaluationDepth else { return nil }
        extractor.evaluationDepth += 1
        defer { extractor.evaluationDepth -= 1 }
        let r = trimmed(range)
        guard !r.isEmpty else { return nil }
        let a = r.lowerBound
        if code.kind(a) == .leftBracket {
            let close = code.after(a)
            if close == r.upperBound {
                guard let entries = dictionaryLiteral(at: a) else { return nil }
                return DictionaryExpression(entries: entries, originOffset: code.offset(a), isLiteral: true)
            }
            // `[String: Any]()`: an empty dictionary of a written type.
            if code.kind(close) == .leftParen && code.after(close) == r.upperBound
                && code.firstTopLevel(in: (a + 1)..<(close - 1), where: { self.code.kind($0) == .colon }) != nil {
                return DictionaryExpression(entries: [], originOffset: code.offset(a), isLiteral: false)
            }
        }
        if let chosen = transformed(r) { return chosen }
        if let merging = code.firstTopLevel(in: r, where: { self.code.isIdentifier($0, "merging") && self.code.kind($0 - 1) == .period }),
           code.kind(merging + 1) == .leftParen {
            return merged(r, merging: merging)
        }
        if code.kind(a) == .identifier {
            switch code.text(a) {
            case "Dictionary", "NSMutableDictionary", "NSDictionary", "CFDictionary":
                var open = a + 1
                if code.is(open, "<") {
                    while open < r.upperBound && !code.is(open, ">") && code.kind(open) != .leftParen { open += 1 }
                    open += 1
                }
                guard code.kind(open) == .leftParen else { return nil }
                let arguments = code.elements(of: open)
                if let first = arguments.first, code.label(of: first) == "dictionary" {
                    guard var inner = dictionary(code.droppingLabel(first)) else { return nil }
                    inner.isLiteral = false
                    return inner
                }
                return DictionaryExpression(entries: [], originOffset: code.offset(a), isLiteral: false)
            default:
                // `KeychainAttributes()`: an empty dictionary of a type a `typealias` names.
                if code.kind(a + 1) == .leftParen && code.kind(a + 2) == .rightParen && a + 3 == r.upperBound && code.isDictionaryTypeAlias(a) {
                    return DictionaryExpression(entries: [], originOffset: code.offset(a), isLiteral: false)
                }
            }
        }
        // A bare name, `self.name`, a helper call `name(…)` / `Type.name(…)`, a subscript's `Queries["s"]`.
        var nameIndex = r.upperBound - 1
        var isCall = false
        if code.kind(nameIndex) == .rightParen, code.partner[nameIndex] > 0 {
            nameIndex = Int(code.partner[nameIndex]) - 1
            isCall = true
        }
        guard nameIndex >= a, code.kind(nameIndex) == .identifier else { return subscriptValue(r) }
        if !isCall, let stored = storedProperty(at: nameIndex, from: a) { return stored }
        if !isCall, let held = instanceProperty(at: nameIndex, from: a) { return held }
        if nameIndex > a && !(code.kind(nameIndex - 1) == .period && isMemberChain(a..<nameIndex + 0 + 1)) { return nil }
        let name = code.nameID(nameIndex)
        if !isCall && nameIndex == a, let variable = variableIndex(at: nameIndex) {
            var expression = DictionaryExpression(entries: snapshot(variable), originOffset: variables[variable].declOffset,
                                                  isLiteral: false, variable: variable)
            (expression.hasUnknownBase, expression.certainlyAbsent) = openness(variable)
            expression.parameter = parameterBase(variable)
            if expression.parameter == nil { expression.mergedParameter = mergedParameter(variable) }
            return expression
        }
        if !isCall, case .dictionary(let entries)? = extractor.constantValue(named: name, at: nameIndex) {
            return DictionaryExpression(entries: entries, originOffset: code.offset(a), isLiteral: false)
        }
        if isCall, let passed = passedThrough(calleeAt: nameIndex) { return passed }
        if let entries = extractor.helperEntries(named: name, at: nameIndex) {
            var expression = DictionaryExpression(entries: entries, originOffset: code.offset(a), isLiteral: false)
            expression.hasUnknownBase = extractor.openHelpers.contains(name)
            return expression
        }
        return nil
    }
}
