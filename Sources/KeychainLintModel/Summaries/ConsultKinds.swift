/// Why a file looked a name up in the project's symbols, for a name it looked up only to find
/// one kind of symbol: then only a change of that kind can change the file's lint.
///
/// The project rounds lint a file again when another file declares, or changes, a name it looked
/// up. Most names looked up are common ones (`delete`, `update`, `set`) consulted at calls, for
/// the project's functions of the name and for stored references to Security functions; on the
/// 17 fetched repositories, 164 of the 193 re-analyses of the first round and 83 of the 92 of the
/// later ones changed nothing. A function's summary is used at a call only through the call's
/// argument labels (`FunctionSignature.bind`), an alias only by its name, a helper only by its
/// name: a name looked up for these reasons alone matters when the project has a summary of it
/// that binds one of the calls, an alias of it, or a helper of it (`depends(on:in:)`).
package struct ConsultKinds: Sendable, Equatable {
    /// Bits of `DependencyLog.consultedIDs`.
    static let anyReason: UInt8 = 1
    static let call: UInt8 = 2
    static let alias: UInt8 = 4
    static let helper: UInt8 = 8

    /// The argument labels of each call the project's summaries of the name were looked up for.
    package var callLabels: Set<[String]> = []
    /// Looked up as a stored reference to a Security function (`remove(q)` with `var remove = SecItemDelete`).
    package var alias = false
    /// Looked up as a helper returning a dictionary.
    package var helper = false

    package init(callLabels: Set<[String]> = [], alias: Bool = false, helper: Bool = false) {
        self.callLabels = callLabels
        self.alias = alias
        self.helper = helper
    }

    /// Whether what `symbols` declare under `name` can change a lint that looked it up for these reasons.
    package func depends(on name: String, in symbols: ProjectSymbols) -> Bool {
        if symbols.passThroughFunctions.contains(name) { return true }
        if alias && symbols.aliasNames.contains(name) { return true }
        if helper && symbols.helpers[name] != nil { return true }
        guard !callLabels.isEmpty, let summaries = symbols.summaries[name] else { return false }
        return summaries.contains { summary in callLabels.contains { summary.signature.bind($0) != nil } }
    }
}
