import KeychainLintSyntax

// Computing a summary: a function's body walked once (`FlowWalk` with `summary` set) with its
// dictionary parameters as variables; each shape is noted where the walk meets it (see the shape's
// file), and the shapes read from what the variables hold at the end are noted last.

extension DictionaryExtractor {
    /// The summary of one function, computed once; nil when it has no dictionary parameter or
    /// does nothing with one.
    func summary(of body: Declarations.Body) -> FunctionSummary? {
        if let memo = summaryMemo[body.open] { return memo }
        if let provisional = summaryStack.provisionalSummary(of: body.open) { return provisional }
        if summaryStack.contains(body.open) {
            summaryStack.noteMet(body.open)
            return nil
        }
        guard let parameterOpen = body.parameterOpen, evaluationDepth < Self.maxEvaluationDepth else { return nil }
        let isSubscript = code.isKeyword(body.nameIndex, "subscript")
        let parameters = FunctionParameters(code: code, open: parameterOpen, isSubscript: isSubscript)
        let writes = selfWrites(in: body)
        let started = summaryStack.start(body.open)
        evaluationDepth += 1
        // Without a dictionary or closure parameter or a write to self's dictionaries, only the
        // items it deletes or updates itself matter.
        guard !parameters.dictionaries.isEmpty || !parameters.functions.isEmpty || writes != nil || mayChangeItems(body) else {
            evaluationDepth -= 1
            _ = summaryStack.finish(nil, startedWith: started)
            summaryMemo[body.open] = .some(nil)
            return nil
        }
        let walk = FlowWalk(extractor: self, range: body.open..<code.after(body.open), collectsReturnsOnly: true)
        walk.summary = FunctionSummary(signature: parameters.signature, route: route(of: body, parameters.signature))
        // A subscript's modifiers are right before its keyword, a function's before `func`.
        walk.summary?.isTypeMember = code.isTypeMember(declaredAt: isSubscript ? body.nameIndex + 1 : body.nameIndex)
        walk.summary?.isAsync = body.parameterOpen.map { code.isAsync(parametersAt: $0, bodyAt: body.open) } ?? false
        walk.summarisedParameters = parameters.dictionaries
        walk.summarisedClosures = parameters.functions
        walk.instances.selfWrites = writes
        walk.run()
        evaluationDepth -= 1
        let result = walk.summary.flatMap { $0.isEmpty ? nil : $0 }
        if summaryStack.finish(result, startedWith: started) { summaryMemo[body.open] = .some(result) }
        return result
    }

    /// `inout` written before a parameter's type.
    func isInoutParameter(_ nameIndex: Int) -> Bool {
        code.kind(nameIndex + 1) == .colon && (code.isKeyword(nameIndex + 2, "inout") || code.isIdentifier(nameIndex + 2, "inout"))
    }

    /// `Owner.name(label:_:)`.
    func route(of body: Declarations.Body, _ signature: FunctionSignature) -> String {
        let owner = body.owner.map { code.spelling($0) + "." } ?? ""
        return owner + code.text(body.nameIndex) + "(" + signature.parameters.map { $0.label + ":" }.joined() + ")"
    }
}

extension FlowWalk {
    /// Each dictionary parameter starts as a variable of unknown entries tied to its index.
    func declareSummarisedParameters() {
        declareSelfProperties()
        for parameter in summarisedParameters {
            declareVariable(nameIndex: parameter.nameIndex, entries: [], unknownBase: true, parameter: parameter.index)
        }
    }

    /// The parameter a tracked variable still starts from here: none once it was reassigned or
    /// cleared on the path to this point.
    func parameterBase(_ index: Int) -> Int? {
        let variable = variables[index]
        guard variable.parameter >= 0 else { return nil }
        for event in variable.events {
            switch event {
            case .reset(let block), .resetToUnknown(let block): if blockIsOpen[block] { return nil }
            // What the caller passed is no longer all there is to judge at the operation.
            case .mergeUnknown: return nil
            case .add, .remove: continue
            }
        }
        return Int(variable.parameter)
    }

    /// The one parameter merged into a variable whose own start is known (`var a = baseQuery;
    /// a.merge(extra) { current, _ in current }`): the operation is judged with what each caller
    /// passes for it. Nil when the variable starts from a parameter or an unknown dictionary, or
    /// takes another unknown one.
    func mergedParameter(_ index: Int) -> Int? {
        let variable = variables[index]
        guard summary != nil, variable.parameter < 0, !variable.hasUnknownBase else { return nil }
        var merged: Int32 = -1
        for event in variable.events {
            switch event {
            case .reset(let block): if blockIsOpen[block] { merged = -1 }
            case .resetToUnknown(let block): if blockIsOpen[block] { return nil }
            case .mergeUnknown(let parameter):
                guard parameter >= 0, merged < 0 || merged == parameter else { return nil }
                merged = parameter
            case .add, .remove: continue
            }
        }
        return merged >= 0 ? Int(merged) : nil
    }

    /// At the end of a summarised body: what it wrote into `self`'s properties (`PropertyEffect`),
    /// then into its `inout` parameters (`ParameterEffect`).
    func noteBodyEnd() {
        noteSelfEffects()
        noteInoutEffects()
    }
}

/// A parameter list read for summaries: the call signature, and the parameters whose type is a dictionary.
struct FunctionParameters {
    var signature = FunctionSignature(parameters: [])
    var dictionaries: [(index: Int, nameIndex: Int)] = []
    /// Parameters of a function type (`_ op: (CFDictionary) -> OSStatus`).
    var functions: [(index: Int, nameIndex: Int)] = []

    /// `isSubscript`: a parameter with one name has no argument label (`items[query]`).
    init(code: CodeView, open: Int, isSubscript: Bool = false) {
        for (index, element) in code.elements(of: open).enumerated() where !element.isEmpty {
            guard let nameIndex = code.parameterName(element) else {
                signature.parameters.append(.init(label: "_", mayBeOmitted: false))
                continue
            }
            let label = nameIndex > element.lowerBound ? code.text(element.lowerBound) : isSubscript ? "_" : code.text(nameIndex)
            let typeStart = nameIndex + 2
            let defaultValue = code.firstTopLevel(in: typeStart..<element.upperBound) { code.is($0, "=") }
            let type = typeStart..<(defaultValue ?? element.upperBound)
            let isFunction = type.contains { code.is($0, "->") }
            let emptyDefault = defaultValue.map { d in
                code.kind(d + 1) == .leftBracket && code.kind(d + 2) == .colon && code.kind(d + 3) == .rightBracket
            } ?? false
            signature.parameters.append(.init(label: label, mayBeOmitted: defaultValue != nil || isFunction, defaultsToEmptyDictionary: emptyDefault))
            if isFunction { functions.append((index, nameIndex)) }
            if Self.isDictionaryType(type, code: code) { dictionaries.append((index, nameIndex)) }
        }
    }

    /// `[String: Any]`, `inout [CFString: Any]`, `CFDictionary`, `NSDictionary?`, `Dictionary<…>`, a
    /// `typealias` of one in this file.
    static func isDictionaryType(_ type: Range<Int>, code: CodeView) -> Bool {
        var j = type.lowerBound
        while j < type.upperBound && (code.isKeyword(j, "inout") || code.isIdentifier(j, "inout")) { j += 1 }
        guard j < type.upperBound else { return false }
        if code.kind(j) == .leftBracket {
            let close = code.after(j) - 1
            return close > j + 1 && code.firstTopLevel(in: (j + 1)..<close) { code.kind($0) == .colon } != nil
        }
        return code.isIdentifier(j, "CFDictionary") || code.isIdentifier(j, "NSDictionary")
            || code.isIdentifier(j, "NSMutableDictionary") || code.isIdentifier(j, "Dictionary") || code.isDictionaryTypeAlias(j)
    }
}
