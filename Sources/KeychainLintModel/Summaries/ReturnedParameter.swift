
// Shape: the parameter a function hands back, converted or extended (`func query(_ d: [CFString: Any])
// -> CFDictionary { d as CFDictionary }`), kept in `FunctionSummary.returnedParameter` and
// `returnAdded`. Where a return notes it, how a call yields the argument's dictionary through
// it, and its exported form.

extension FunctionSummary {
    /// The returned parameter's added entries as other files see them (`SummaryExport`).
    var portableReturnAdded: [KeychainEntry] { Self.portable(returnAdded) }
}
