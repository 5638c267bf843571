// Shape: the parameter a function hands back, converted or extended (`func query(_ d: [CFString:
// Any]) -> CFDictionary { d as CFDictionary }`), kept in `FunctionSummary.returnedParameter` and
// `returnAdded`. Where a return notes it (`FlowWalk.returned`), how a call yields the argument's
// dictionary through it, and its exported form.

extension FunctionSummary {
    /// The returned parameter's added entries as other files see them (`SummaryExport`).
    var portableReturnAdded: [KeychainEntry] { Self.portable(returnAdded) }
}

extension FlowWalk {
    // MARK: Noted at a return while a body is summarised

    func noteReturnedParameter(_ parameter: Int, _ dictionary: DictionaryExpression) {
        guard var current = summary else { return }
        // Two returns of different parameters: the result is not one parameter's.
        if let other = current.returnedParameter, other != parameter {
            current.returnedParameter = -1
        } else if current.returnedParameter == nil {
            current.returnedParameter = parameter
        }
        current.returnAdded += dictionary.entries
        summary = current
    }

    // MARK: Applied at a call whose value is read

    /// `wrap([kSecClass: …])` where `wrap` hands its parameter back (converted): the argument's
    /// dictionary, with what `wrap` adds. Nil when the callee is no such function.
    func passedThrough(calleeAt i: Int) -> DictionaryExpression? {
        guard extractor.mayHaveSummaries(at: i) else { return nil }
        return passedThrough(extractor.summaries(at: i), arguments: i + 1, calleeAt: i)
    }

    /// The argument (in the parentheses or brackets opened at `open`) a summary hands back, with
    /// what the callee adds; nil when none of the summaries returns a parameter.
    func passedThrough(_ summaries: [FunctionSummary], arguments open: Int, calleeAt i: Int) -> DictionaryExpression? {
        let arguments = code.elements(of: open).filter { !$0.isEmpty }
        let labels = code.labels(of: arguments)
        for summary in summaries {
            guard let parameter = summary.returnedParameter, parameter >= 0, let binding = summary.signature.bind(labels),
                  let k = binding.firstIndex(of: parameter), var passed = dictionary(code.droppingLabel(arguments[k])) else { continue }
            passed.entries += adopted(summary.returnAdded, of: summary, at: i)
            passed.isLiteral = false
            return passed
        }
        return nil
    }
}
