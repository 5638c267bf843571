/// Parameters that hide helpers and constants of their names inside a body.
extension FlowWalk {
    /// `func add(attributes: [String: Any])`: inside, `attributes` is the parameter, a dictionary the
    /// file cannot read, never a member or helper of the same name. Parameters of other types stay
    /// undeclared (unless a helper has their name), so the walk does not track every parameter.
    func shadowParameters(ofBodyAt open: Int) {
        guard case .function(let name?) = blocks.last?.kind, blocks.last?.open == open, let id = code.nameID(of: name),
              let body = extractor.declarations.bodies.first(in: id, where: { $0.open == open }),
              let parameters = body.parameterOpen else { return }
        shadowParameters(listAt: parameters)
    }

    /// The parameters of the list opening at `open` that may be taken for a dictionary: each
    /// becomes a variable of unknown entries (`named` also, whatever its type).
    func shadowParameters(listAt open: Int, named: Int32? = nil) {
        for (index, parameter) in code.elements(of: open).enumerated() {
            guard let nameIndex = code.parameterName(parameter) else { continue }
            // A dictionary parameter is the caller's dictionary whatever the project declares:
            // never a helper or constant of its name, and no caller of what it is passed to.
            guard code.nameID(nameIndex) == named || extractor.namesADictionary(at: nameIndex)
                    || FunctionParameters.isDictionaryType((nameIndex + 2)..<parameter.upperBound, code: code) else { continue }
            declareVariable(nameIndex: nameIndex, entries: [], unknownBase: true, parameter: index)
        }
    }
}
