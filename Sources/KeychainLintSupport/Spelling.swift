/// "Did you mean …?" for a mistyped name: rule ids on the command line, in configuration files and
/// in suppression comments, and option names.
package enum Spelling {
    /// The known name with the smallest edit distance, when it is close enough to be a typo.
    package static func closest(to name: String, in known: [String]) -> String? {
        let scored = known.map { ($0, editDistance(Array(name.utf8), Array($0.utf8))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(3, name.utf8.count / 3) ? best.0 : nil
    }

    /// Levenshtein distance over bytes.
    package static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
