import KeychainLintSyntax

/// Keys spelled through an enum that maps each of its cases to a Security constant:
/// `KMConstants.dataProtection.value()`, where `value()` is `switch self { case .dataProtection:
/// return castToString(kSecUseDataProtectionKeychain) … }`. Such a key is that constant, like
/// `kSecUseDataProtectionKeychain as String`; left unread, a dictionary that sets the flag this way
/// was reported as lacking it. The member is a method without parameters or a computed property,
/// of this file's type, else of another file's (`FileSymbols.caseConstants`).
extension DictionaryExtractor {
    /// A `switch self` body this long or longer is not read: a mapping has one short `case` a constant.
    private static let maxMappingTokens = 4_096

    /// `Type.case.member()`, `.case.member()`, `Type.case.member` or `.case.member`: the constant
    /// the member gives that case; nil when the expression is none of these or the value is unknown.
    func caseConstant(_ r: Range<Int>) -> KeychainValue? {
        var end = r.upperBound
        if code.kind(end - 1) == .rightParen {
            guard code.kind(end - 2) == .leftParen else { return nil }  // no arguments
            end -= 2
        }
        let member = end - 1, caseName = end - 3
        guard caseName >= r.lowerBound, code.kind(member) == .identifier, code.kind(member - 1) == .period,
              code.kind(caseName) == .identifier, code.kind(caseName - 1) == .period else { return nil }
        let type: Int?
        if caseName - 1 == r.lowerBound {
            type = nil
        } else if caseName - 2 == r.lowerBound, code.kind(caseName - 2) == .identifier {
            type = caseName - 2
        } else {
            return nil
        }
        let memberID = code.nameID(member), caseID = code.nameID(caseName)
        let typeID = type.map(code.nameID)
        let bodies = declarations.bodies(named: memberID).filter { body in
            (typeID == nil || body.owner == typeID) && (body.parameterOpen.map { code.after($0) == $0 + 2 } ?? true)
        }
        if !bodies.isEmpty {
            let values = bodies.compactMap { caseValues(of: $0)[caseID] }
            return values.count == bodies.count && values.allSatisfy({ $0 == values[0] }) ? values.first : nil
        }
        log.consult(memberID)
        guard !symbols.caseConstants.isEmpty else { return nil }
        let key = FileSymbols.caseKey(type: type.map(code.text), case: code.text(caseName), member: code.text(member))
        return symbols.caseConstants[key]
    }

    /// By case name id: the `kSec…` constant the body returns for each case of its `switch self`
    /// (`case .a, .b: return kSecAttrService`); empty when the body is not one such switch.
    func caseValues(of body: Declarations.Body) -> [Int32: KeychainValue] {
        if let memo = caseValueMemo[body.open] { return memo }
        caseValueMemo[body.open] = [:]  // a mapping that reads itself is no mapping
        var values: [Int32: KeychainValue] = [:]
        var j = body.open + 1
        if code.isKeyword(j, "return") { j += 1 }
        let bodyEnd = code.after(body.open) - 1
        guard code.isKeyword(j, "switch"), code.isKeyword(j + 1, "self"), code.kind(j + 2) == .leftBrace,
              code.after(j + 2) == bodyEnd, bodyEnd - j < Self.maxMappingTokens else { return [:] }
        let switchEnd = bodyEnd - 1
        var k = j + 3
        while k < switchEnd {
            guard code.isKeyword(k, "case") else { return [:] }
            // The labels: `.name` separated by commas, up to the colon.
            var names: [Int32] = []
            var m = k + 1
            while code.kind(m) == .period && code.kind(m + 1) == .identifier {
                names.append(code.nameID(m + 1))
                m += 2
                if code.kind(m) == .comma { m += 1 }
            }
            guard !names.isEmpty, code.kind(m) == .colon else { return [:] }
            // The statement: one expression, with or without `return`, up to the next case.
            var start = m + 1
            if code.isKeyword(start, "return") { start += 1 }
            let expressionEnd = code.expressionEnd(from: start, limit: switchEnd)
            let value = FlowWalk(extractor: self, range: start..<expressionEnd, collectsReturnsOnly: true).value(start..<expressionEnd)
            if case .symbol(let symbol) = value, symbol.hasPrefix("kSec") {
                for name in names { values[name] = value }
            }
            k = expressionEnd
        }
        caseValueMemo[body.open] = values
        return values
    }

    /// The mappings of this file's types that other files may read, by `FileSymbols.caseKey`: with
    /// the type (`KMConstants.dataProtection.value`) and without (`.dataProtection.value`, for
    /// `.dataProtection.value()` where the type is inferred).
    func exportedCaseConstants() -> [String: KeychainValue] {
        var out: [String: KeychainValue?] = [:]
        func record(_ key: String, _ value: KeychainValue) {
            if let known = out[key], known != value { out[key] = .some(nil) } else if out[key] == nil { out[key] = value }
        }
        let bodies = declarations.bodies
        for id in bodies.names {
            bodies.forEach(in: id) { body in
                guard let owner = body.owner, !body.isLocal, !code.isFilePrivate(declaredAt: body.nameIndex),
                      body.parameterOpen.map({ code.after($0) == $0 + 2 }) ?? true,
                      code.isKeyword(body.open + 1, "switch") || code.isKeyword(body.open + 2, "switch") else { return }
                for (caseID, value) in caseValues(of: body) {
                    let (name, member) = (code.spelling(caseID), code.spelling(id))
                    record(FileSymbols.caseKey(type: code.spelling(owner), case: name, member: member), value)
                    record(FileSymbols.caseKey(type: nil, case: name, member: member), value)
                }
            }
        }
        return out.compactMapValues { $0 }
    }
}
