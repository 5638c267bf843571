/// The function summaries being computed, innermost last, and which results may be remembered.
///
/// A call that reaches a function whose summary is in progress (recursion, or functions that call
/// each other) gets no summary there. A summary computed while an outer one was in progress, that
/// met that outer one, lacks what the outer function does: it is provisional, kept only until the
/// outer summary is done, and computed again when asked after. Remembered for good, it would give
/// `Store.migrate(matching:)` — calling `Keychain.migrate(matching:into:)`, whose overload calls
/// back through the name `migrate` first — a summary without its parameter's operation for the
/// whole file. Meeting only itself (plain recursion) leaves a summary final.
struct SummaryStack {
    /// The body `{` of each summary in progress, outermost first.
    private var opens: [Int] = []
    private var depthOfOpen: [Int: Int] = [:]
    /// The outermost depth the computation under way met in progress; `Int.max`: none.
    private var outermostMet = Int.max
    private var provisional: [Int: (summary: FunctionSummary?, outermostMet: Int)] = [:]

    var isEmpty: Bool { opens.isEmpty }

    func contains(_ open: Int) -> Bool { depthOfOpen[open] != nil }

    /// A call reached the function whose summary is in progress at `open`.
    mutating func noteMet(_ open: Int) {
        if let depth = depthOfOpen[open] { outermostMet = min(outermostMet, depth) }
    }

    /// A provisional summary still valid for `open`; using it makes the caller provisional too.
    mutating func provisionalSummary(of open: Int) -> FunctionSummary?? {
        guard let entry = provisional[open] else { return nil }
        outermostMet = min(outermostMet, entry.outermostMet)
        return .some(entry.summary)
    }

    /// Starts the summary of the body at `open`; pass the result to `finish`.
    mutating func start(_ open: Int) -> Int {
        depthOfOpen[open] = opens.count
        opens.append(open)
        defer { outermostMet = Int.max }
        return outermostMet
    }

    /// Ends the innermost summary: true when it is final (it met nothing further out in progress);
    /// otherwise it is kept as provisional until that outer summary ends.
    mutating func finish(_ summary: FunctionSummary?, startedWith saved: Int) -> Bool {
        let depth = opens.count - 1
        let open = opens.removeLast()
        depthOfOpen[open] = nil
        if !provisional.isEmpty { provisional = provisional.filter { $0.value.outermostMet < depth } }
        let isFinal = outermostMet >= depth
        if !isFinal { provisional[open] = (summary, outermostMet) }
        outermostMet = min(saved, isFinal ? Int.max : outermostMet)
        return isFinal
    }

    /// Observes a computation outside any new summary (a list of a name's summaries): pass the
    /// result to `endObserving`, which says whether it met a summary in progress.
    mutating func beginObserving() -> Int {
        defer { outermostMet = Int.max }
        return outermostMet
    }

    mutating func endObserving(_ saved: Int) -> Bool {
        let isClean = outermostMet == Int.max
        outermostMet = min(saved, outermostMet)
        return isClean
    }
}
