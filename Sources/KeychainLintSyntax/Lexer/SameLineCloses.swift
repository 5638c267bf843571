/// Whether a `#"""` opens a multi-line raw string. The compiler's lexer reads it as a one-line raw
/// string when the rest of its line holds a `"` followed by at least as many `#`s (`#"""#` is the
/// string `"`, `#"""a"""#` the string `""a""`), and as a multi-line delimiter otherwise.
///
/// Openings nested in interpolations can sit thousands to a line, and looking along the line again
/// for each would be quadratic. So a line is scanned once, from its first opening, into its suffix
/// maxima: the quotes whose run of `#`s is longer than that of every later quote on the line
/// (positions increasing, runs decreasing). The first of them at or after a position has the longest
/// run from there to the end of the line. The lexer never moves back, so later openings on the line
/// only step forward through the list, and the work stays linear.
package struct SameLineCloses {
    /// End of the scanned stretch (the offset of its line break, or of the end of the input); -1 before any scan.
    private var lineEnd = -1
    /// The suffix maxima: offsets of the quotes and the lengths of the `#` runs after them.
    private var quotes: [Int] = []
    private var runs: [Int] = []
    /// The first entry not before the last position asked about.
    private var next = 0

    package init() {}

    /// Whether `p[from...]`, up to its line break, holds a `"` followed by at least `hashes` `#`s.
    /// `from` must not decrease from one call to the next.
    package mutating func closes(_ p: UnsafeBufferPointer<UInt8>, from: Int, hashes: Int) -> Bool {
        if from >= lineEnd { scan(p, from: from) }
        while next < quotes.count && quotes[next] < from { next += 1 }
        return next < quotes.count && runs[next] >= hashes
    }

    private mutating func scan(_ p: UnsafeBufferPointer<UInt8>, from: Int) {
        quotes.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
        next = 0
        let n = p.count
        var j = from
        while j < n {
            let c = p[j]
            if c == ASCII.lf || c == ASCII.cr { break }
            j += 1
            guard c == ASCII.quote else { continue }
            var k = j
            while k < n && p[k] == ASCII.hash { k += 1 }
            let run = k - j
            j = k
            guard run > 0 else { continue }
            while let last = runs.last, last <= run {
                quotes.removeLast()
                runs.removeLast()
            }
            quotes.append(k - run - 1)
            runs.append(run)
        }
        lineEnd = j
    }
}
