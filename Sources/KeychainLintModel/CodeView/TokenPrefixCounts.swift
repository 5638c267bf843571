/// For each code index, how many tokens before it pass a test, so "does any token in this range
/// pass?" is two array reads. Nested constructs (literals in literals, initializers in types in
/// closures) ask about nested ranges; a scan per question would be quadratic in the nesting.
package struct TokenPrefixCounts {
    /// One more entry than tokens: `counts[k]` counts the tokens before `k`.
    private let counts: [Int32]

    /// `counts(id)`: the test, given the token's name id (-1 for a token that is no identifier).
    package init(_ code: CodeView, counting counts: (Int32) -> Bool) {
        code.work += code.count
        self.counts = code.nameIDs.withUnsafeBufferPointer { ids in
            [Int32](unsafeUninitializedCapacity: ids.count + 1) { out, filled in
                var total: Int32 = 0
                for k in 0..<ids.count {
                    out[k] = total
                    if counts(ids[k]) { total += 1 }
                }
                out[ids.count] = total
                filled = ids.count + 1
            }
        }
    }

    /// The same counts, and in the same pass the indices, in order, of the identifiers `lists(id)`
    /// accepts, into `listed`: a caller that needs both reads the file once.
    package init(_ code: CodeView, counting counts: (Int32) -> Bool, listing lists: (Int32) -> Bool, into listed: inout [Int32]) {
        code.work += code.count
        var found: [Int32] = []
        self.counts = code.nameIDs.withUnsafeBufferPointer { ids in
            [Int32](unsafeUninitializedCapacity: ids.count + 1) { out, filled in
                var total: Int32 = 0
                for k in 0..<ids.count {
                    out[k] = total
                    let id = ids[k]
                    guard id >= 0 else { continue }
                    if counts(id) { total += 1 }
                    if lists(id) { found.append(Int32(k)) }
                }
                out[ids.count] = total
                filled = ids.count + 1
            }
        }
        listed = found
    }

    /// Whether a token in `range` passes (indices clamped to the file).
    package func any(in range: Range<Int>) -> Bool {
        let last = counts.count - 1
        let lower = min(max(range.lowerBound, 0), last), upper = min(max(range.upperBound, lower), last)
        return counts[upper] > counts[lower]
    }
}
