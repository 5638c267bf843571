import KeychainLintModel
import KeychainLintSyntax

/// Where an add's status reaches code that can tell a duplicate apart, beyond a comparison with
/// errSecDuplicateItem in its function: a thrown error that carries the status, and an add that
/// runs only where a lookup of the same item found nothing.
extension UnhandledDuplicateItem {
    /// A `throw` where the status bound to `name` at `call` is in scope, whose error carries it as
    /// a value (`throw KeychainError.unhandled(status: status)`, `NSError(…, code: Int(status))`),
    /// or carries a name a `switch name` binds it to (`case let other: throw E(rawValue: other)`).
    /// Text made from it (`"OSStatus \(status)"`) carries nothing a caller can compare. The scope
    /// runs from the call to the end of its block, or to the next `case` of a switch it is under,
    /// or to a new binding of the name.
    static func throwsError(carrying name: String, after call: KeychainCall, file: KeychainFile) -> Bool {
        let code = file.code
        let scope = scope(ofBindingAt: call.codeIndex, named: name, in: code)
        var names: Set<String> = [name]
        for i in scope where code.isKeyword(i, "switch") && code.kind(i + 1) == .identifier && code.text(i + 1) == name
            && code.kind(i + 2) == .leftBrace {
            names.formUnion(caseBindings(inSwitchBody: i + 2, code: code))
        }
        return StatusHandling.throwsError(carrying: names, in: scope, code: code)
    }

    /// `switch SecItemAdd(…) { … case let status: throw E(rawValue: status) }`: the status,
    /// switched on in place, bound by a case and thrown inside an error.
    static func switchThrowsError(carryingStatusOf call: KeychainCall, file: KeychainFile) -> Bool {
        let code = file.code
        var before = call.codeIndex - 1
        while code.isKeyword(before, "try") || code.isKeyword(before, "await") { before -= 1 }
        let open = code.after(call.codeIndex + 1)
        guard code.isKeyword(before, "switch"), code.kind(call.codeIndex + 1) == .leftParen, code.kind(open) == .leftBrace else { return false }
        return StatusHandling.throwsError(carrying: caseBindings(inSwitchBody: open, code: code), in: code.interior(of: open), code: code)
    }

    /// The names `case let NAME:` binds the switched-on value to, in the switch body at `open`.
    private static func caseBindings(inSwitchBody open: Int, code: CodeView) -> Set<String> {
        var names: Set<String> = []
        for j in code.interior(of: open) where code.isKeyword(j, "case") && (code.isKeyword(j + 1, "let") || code.isKeyword(j + 1, "var"))
            && code.kind(j + 2) == .identifier && code.kind(j + 3) == .colon {
            names.insert(code.text(j + 2))
        }
        return names
    }

    /// From `index` to the end of its block, stopping early at a `case` or `default` of the same
    /// block (another switch case) or at a new `let`/`var` of `name`.
    static func scope(ofBindingAt index: Int, named name: String, in code: CodeView) -> Range<Int> {
        let open = Int(code.enclosingBraces[index])
        let blockEnd = open >= 0 && code.partner[open] >= 0 ? Int(code.partner[open]) : code.count
        // Bounded, as every scan here: a binding's uses are near it.
        let close = min(blockEnd, index + OperationSites.statementReach)
        var j = index
        while j < close {
            if (code.kind(j) == .leftBrace || code.kind(j) == .leftParen || code.kind(j) == .leftBracket) && code.partner[j] > j {
                j = Int(code.partner[j]) + 1
                continue
            }
            if code.isKeyword(j, "case") || code.isKeyword(j, "default") { return index..<j }
            if code.isKeyword(j, "let") || code.isKeyword(j, "var"), code.kind(j + 1) == .identifier, code.text(j + 1) == name {
                return index..<j
            }
            j += 1
        }
        return index..<close
    }

    /// Whether the add at `call` runs only where a lookup of the same item in its function returned
    /// errSecItemNotFound: inside `if status == errSecItemNotFound {`, under `case
    /// errSecItemNotFound:` of a `switch`, or after `guard status == errSecItemNotFound else {`.
    static func runsOnlyWhereLookupFoundNothing(_ add: KeychainUse, call: KeychainCall, in body: Range<Int>,
                                                lookups: OperationSites, file: KeychainFile) -> Bool {
        let code = file.code
        guard let notFound = code.nameID(of: "errSecItemNotFound"),
              lookups.contains(sameItemAs: add, in: body.lowerBound..<call.codeIndex) else { return false }
        // `status == errSecItemNotFound` (either side) or `case errSecItemNotFound`, and no other
        // way in: no `||`, no `!=`.
        func saysNotFound(_ range: Range<Int>) -> Bool {
            let names = range.contains { i in
                code.nameID(i) == notFound && (code.is(i - 1, "==") || code.is(i + 1, "==") || code.isKeyword(i - 1, "case"))
            }
            return names && !range.contains { code.is($0, "||") || code.is($0, "!=") }
        }
        // The blocks around the add, up to the function's body.
        var open = Int(code.enclosingBraces[call.codeIndex])
        while open >= body.lowerBound - 1 && open >= 0 {
            if let header = code.header(ofBlockOpening: open), header.contains(where: { code.isKeyword($0, "if") }), saysNotFound(header) {
                return true
            }
            if let label = code.caseLabel(before: call.codeIndex, inBlock: open), saysNotFound(label) { return true }
            if code.guardBefore(call.codeIndex, inBlock: open, where: saysNotFound) { return true }
            if open == body.lowerBound - 1 { break }
            open = Int(code.enclosingBraces[open])
        }
        return false
    }
}

/// The calls of one operation in a file, in code order, for the questions an add asks of the
/// code before it ("a delete of the same item earlier in this function?") without a pass over every
/// use per add: a file of fifty thousand adds asks fifty thousand times.
struct OperationSites {
    private var sites: [(index: Int, itemClass: String?)] = []

    /// How many of the nearest sites a question looks at before giving up.
    static let reach = 64
    /// How many tokens a status's scope, a case label or a guard is looked for across.
    static let statementReach = 4_096

    init(_ operations: Set<KeychainOperation>, in file: KeychainFile) {
        for use in file.uses where use.role == .query {
            if let call = use.call, operations.contains(call.operation) { sites.append((call.codeIndex, use.dictionary.itemClass)) }
        }
        sites.sort { $0.index < $1.index }
    }

    /// Whether a site in `range` may be of the item `add` makes: their classes agree, or one is
    /// unknown. The nearest `reach` sites before the range's end are looked at.
    func contains(sameItemAs add: KeychainUse, in range: Range<Int>) -> Bool {
        let end = firstIndex(atOrAfter: range.upperBound)
        let a = add.dictionary.itemClass
        var k = end - 1
        while k >= 0 && k >= end - Self.reach && sites[k].index >= range.lowerBound {
            let b = sites[k].itemClass
            if a == nil || b == nil || a == b { return true }
            k -= 1
        }
        return false
    }

    /// The classes of the sites in `range` (nil for a site whose class is unknown).
    func classes(in range: Range<Int>) -> [String?] {
        var k = firstIndex(atOrAfter: range.lowerBound)
        var found: [String?] = []
        while k < sites.count && sites[k].index < range.upperBound {
            found.append(sites[k].itemClass)
            k += 1
        }
        return found
    }

    private func firstIndex(atOrAfter index: Int) -> Int {
        var lo = 0, hi = sites.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sites[mid].index < index { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

/// The statement structure around an add, read locally for `runsOnlyWhereLookupFoundNothing`;
/// each scan is bounded, so an add in a very long block costs no more than its neighbours.
private extension CodeView {
    /// How far back a block's header is looked for.
    static let headerReach = 256
    static var statementReach: Int { OperationSites.statementReach }

    /// The tokens between the statement that opens the block at `open` and its `{`
    /// (`else if status == errSecItemNotFound`), or nil when they run too far back.
    func header(ofBlockOpening open: Int) -> Range<Int>? {
        var j = open - 1
        var steps = 0
        while j >= 0 && steps < Self.headerReach {
            steps += 1
            switch kind(j) {
            case .leftBrace, .rightBrace, .semicolon: return (j + 1)..<open
            case .rightParen, .rightBracket: j = partner[j] >= 0 ? Int(partner[j]) - 1 : j - 1
            default: j -= 1
            }
        }
        return j < 0 ? 0..<open : nil
    }

    /// In the body of a `switch` opened at `open`, the label of the `case` that `index` runs under
    /// (`case errSecItemNotFound`); nil under `default` or outside a switch.
    func caseLabel(before index: Int, inBlock open: Int) -> Range<Int>? {
        guard let header = header(ofBlockOpening: open), header.contains(where: { isKeyword($0, "switch") }) else { return nil }
        var j = index - 1
        while j > open && j > index - Self.statementReach {
            if (kind(j) == .rightBrace || kind(j) == .rightParen || kind(j) == .rightBracket) && partner[j] >= 0 {
                j = Int(partner[j]) - 1
                continue
            }
            if isKeyword(j, "default") { return nil }
            if isKeyword(j, "case") {
                var end = j + 1
                while end < index && kind(end) != .colon { end = kind(end) == .leftParen && partner[end] >= 0 ? Int(partner[end]) + 1 : end + 1 }
                return j..<end
            }
            j -= 1
        }
        return nil
    }

    /// Whether a `guard … else {` at the top level of the block opened at `open`, before `index`,
    /// has a condition `condition` accepts.
    func guardBefore(_ index: Int, inBlock open: Int, where condition: (Range<Int>) -> Bool) -> Bool {
        var j = max(open + 1, index - Self.statementReach)
        while j < index {
            if (kind(j) == .leftBrace || kind(j) == .leftParen || kind(j) == .leftBracket) && partner[j] >= 0 {
                j = Int(partner[j]) + 1
                continue
            }
            if isKeyword(j, "guard") {
                var end = j + 1
                while end < index && !isKeyword(end, "else") { end = kind(end) == .leftParen && partner[end] >= 0 ? Int(partner[end]) + 1 : end + 1 }
                if condition(j..<end) { return true }
                j = end
                continue
            }
            j += 1
        }
        return false
    }
}
