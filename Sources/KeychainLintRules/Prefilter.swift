import KeychainLintSupport
/// A sound byte-level filter: a file that contains none of the literals can produce no finding.
/// Scans with `memchr`-style first-byte search, so files without keychain code are dropped cheaply.
package struct Prefilter: Sendable {
    /// Needles grouped by first byte: one `memchr` pass per group, each hit checked against the
    /// group's needles, so adding a needle that shares a first byte costs no extra pass.
    private struct Group: Sendable {
        var first: UInt8
        /// The group's needles back to back (contiguous, so checking a hit allocates and retains nothing).
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        var shortest = Int.max
    }

    private let groups: [Group]

    package init(literals: [String]) {
        var unique: [[UInt8]] = []
        for literal in Set(literals).sorted() where !literal.isEmpty {
            unique.append(Array(literal.utf8))
        }
        // A needle that contains another is redundant: the shorter one matches first.
        let needles = unique.filter { n in !unique.contains { $0 != n && Self.contains($0, in: n) } }
        var groups: [Group] = []
        for needle in needles {
            let g = groups.firstIndex { $0.first == needle[0] } ?? {
                groups.append(Group(first: needle[0]))
                return groups.count - 1
            }()
            groups[g].ranges.append(groups[g].bytes.count..<(groups[g].bytes.count + needle.count))
            groups[g].bytes += needle
            groups[g].shortest = min(groups[g].shortest, needle.count)
        }
        // Matching stops at the first group that matches, so the likeliest go first: the groups with
        // the shortest needles (`kSec`, which nearly every file with keychain code holds).
        self.groups = groups.sorted { ($0.shortest, $0.first) < ($1.shortest, $1.first) }
    }

    package func matches(_ bytes: [UInt8]) -> Bool {
        if groups.isEmpty { return false }
        return bytes.withUnsafeBufferPointer { hay in
            groups.contains { group in
                group.bytes.withUnsafeBufferPointer { needles in
                    group.ranges.withUnsafeBufferPointer { ranges in
                        Self.findAny(needles, ranges, first: group.first, shortest: group.shortest, in: hay)
                    }
                }
            }
        }
    }

    /// Whether any needle (all starting with `first`) occurs in `hay`.
    private static func findAny(_ needles: UnsafeBufferPointer<UInt8>, _ ranges: UnsafeBufferPointer<Range<Int>>,
                                first: UInt8, shortest: Int, in hay: UnsafeBufferPointer<UInt8>) -> Bool {
        ByteSearch.firstOffset(startingWith: first, length: shortest, in: hay) { at in
            ranges.contains { r in ByteSearch.matches(UnsafeBufferPointer(rebasing: needles[r]), at: at, in: hay) }
        } != nil
    }

    private static func contains(_ needle: [UInt8], in hay: [UInt8]) -> Bool {
        hay.withUnsafeBufferPointer { ByteSearch.contains(needle, in: $0) }
    }
}
