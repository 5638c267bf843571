import KeychainLintSyntax

/// Keys spelled through code rather than stored constants: a computed property whose getter is
/// one expression (`static var klass: String { return toString(kSecClass) }`) and a conversion
/// function that hands its one argument back (`func toString(_ v: CFString) -> String { v as String }`).
/// KeychainSwift spells every key this way; without these, its dictionaries have no readable keys.
extension DictionaryExtractor {
    /// Getters and conversion bodies longer than this are not aliases; the bound keeps the first
    /// pass from evaluating every computed property of a large file.
    private static let maxConversionTokens = 16

    /// The `kSec…` symbol a computed property of this file stands for; nil when it is not one,
    /// or when two getters of that name disagree.
    func computedConstant(named name: Int32, owner: Int32? = nil) -> KeychainValue? {
        guard declarations.bodies.contains(name) else { return nil }
        let getters = declarations.bodies(named: name).filter { $0.parameterOpen == nil && (owner == nil || $0.owner == owner) }
        guard !getters.isEmpty else { return nil }
        var result: KeychainValue?
        for getter in getters {
            guard let value = computedValue(of: getter), case .symbol(let symbol) = value, symbol.hasPrefix("kSec") else { return nil }
            if let known = result, known != value { return nil }
            result = value
        }
        return result
    }

    /// Whether `name` is a function (of this file, else of the project) that returns its one argument
    /// unchanged, perhaps cast or wrapped in `String(…)`.
    func isPassThrough(named name: Int32) -> Bool {
        let functions = declarations.bodies(named: name).filter { $0.parameterOpen != nil }
        if functions.isEmpty || passThroughInProgress.contains(name) {
            // In progress: `func toString(_ v: CFString) -> String { Constants.toString(v) }` names another type's function.
            log.consult(name)
            return !symbols.passThroughFunctions.isEmpty && symbols.passThroughFunctions.contains(code.spelling(name))
        }
        if let memo = passThroughMemo[name] { return memo }
        passThroughInProgress.insert(name)
        let result = functions.allSatisfy(returnsItsArgument)
        passThroughInProgress.remove(name)
        passThroughMemo[name] = result
        return result
    }

    /// A cheap first test for `isPassThrough` on a file's own functions: every body of the name
    /// short enough to be one conversion expression.
    func mayPassThrough(_ body: Declarations.Body) -> Bool {
        body.parameterOpen == nil || code.after(body.open) - body.open - 2 <= Self.maxConversionTokens + 1
    }

    /// The one short expression a body returns, with or without `return`.
    private func conversionExpression(ofBodyAt open: Int) -> Range<Int>? {
        guard let expression = code.singleExpression(ofBlockAt: open, allowingReturn: true),
              expression.count <= Self.maxConversionTokens else { return nil }
        return expression
    }

    private func computedValue(of getter: Declarations.Body) -> KeychainValue? {
        // Only a getter that names a `kSec…` constant, or another member (`Keys.klass`), can be an alias.
        guard let expression = conversionExpression(ofBodyAt: getter.open),
              expression.contains(where: { code.kind($0) == .period || code.source.token(code.tokens[$0], hasPrefix: "kSec") })
        else { return nil }
        let key = getter.open
        if let memo = constantMemo[key] { return memo }
        guard !constantsInProgress.contains(key), evaluationDepth < Self.maxEvaluationDepth else { return nil }
        constantsInProgress.insert(key)
        evaluationDepth += 1
        let value = FlowWalk(extractor: self, range: expression, collectsReturnsOnly: true).value(expression)
        evaluationDepth -= 1
        constantsInProgress.remove(key)
        constantMemo[key] = value
        return value
    }

    private func returnsItsArgument(_ body: Declarations.Body) -> Bool {
        guard let open = body.parameterOpen else { return false }
        let parameters = code.elements(of: open)
        guard parameters.count == 1, let name = code.parameterName(parameters[0]),
              let expression = conversionExpression(ofBodyAt: body.open) else { return false }
        return isArgument(expression, named: code.nameID(name))
    }

    /// `p`, `p as String`, `String(p)`, `other(p)` for a pass-through `other`.
    private func isArgument(_ range: Range<Int>, named parameter: Int32) -> Bool {
        let r = FlowWalk(extractor: self, range: range, collectsReturnsOnly: true).trimmed(range)
        guard let first = r.first else { return false }
        if r.count == 1 { return code.kind(first) == .identifier && code.nameID(first) == parameter }
        let last = r.upperBound - 1
        guard code.kind(last) == .rightParen, code.partner[last] > first else { return false }
        let open = Int(code.partner[last])
        let callee = open - 1
        guard code.kind(callee) == .identifier, callee == first || code.kind(callee - 1) == .period else { return false }
        let arguments = code.elements(of: open)
        guard arguments.count == 1 else { return false }
        let converts = FlowWalk.stringConversions.contains(code.text(callee)) || isPassThrough(named: code.nameID(callee))
        return converts && isArgument(code.droppingLabel(arguments[0]), named: parameter)
    }
}
