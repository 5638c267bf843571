import KeychainLintSyntax
import KeychainLintModel
/// A path pattern from the configuration's `include` and `exclude`, matched against a path
/// relative to the configuration file's folder, `/`-separated, without a leading `./`.
///
/// - `*` matches any run of characters within one path segment (not `/`);
/// - `?` matches one character other than `/`;
/// - `**` as a whole segment matches zero or more segments, so `Sources/**` matches `Sources`
///   itself and everything under it, and `**/Generated` matches a `Generated` folder anywhere;
///   elsewhere in a segment (`a**b`) it means the same as `*`;
/// - every other character matches itself; there are no character classes or escapes.
///
/// Matching works segment by segment with one backtracking point per `**` (the classic greedy
/// algorithm), so it takes time proportional to pattern times path length, never exponential.
package struct Glob: Equatable {
    package let pattern: String
    private let segments: [Segment]

    private enum Segment: Equatable {
        case anyDepth
        case name([Character])
    }

    package init(_ pattern: String) {
        self.pattern = pattern
        var p = Substring(pattern)
        while p.hasPrefix("./") { p = p.dropFirst(2) }
        segments = p.split(separator: "/", omittingEmptySubsequences: true).map {
            $0 == "**" ? .anyDepth : .name(Array($0))
        }
    }

    /// Whether the relative path (a file or a folder) matches the whole pattern.
    package func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map { Array($0) }
        var p = 0, s = 0
        var backtrack: (p: Int, s: Int)?
        while s < parts.count || p < segments.count {
            if p < segments.count {
                switch segments[p] {
                case .anyDepth:
                    backtrack = (p, s)
                    p += 1
                    continue
                case .name(let name):
                    if s < parts.count && Self.matchSegment(name, parts[s]) {
                        p += 1
                        s += 1
                        continue
                    }
                }
            }
            // Mismatch: let the last `**` swallow one more segment, if there is one to swallow.
            guard let b = backtrack, b.s < parts.count else { return false }
            backtrack = (b.p, b.s + 1)
            p = b.p + 1
            s = b.s + 1
        }
        return true
    }

    /// `*` and `?` within one segment, with the same single-backtrack algorithm over characters.
    private static func matchSegment(_ pattern: [Character], _ text: [Character]) -> Bool {
        var p = 0, t = 0
        var star: (p: Int, t: Int)?
        while t < text.count {
            if p < pattern.count && pattern[p] == "*" {
                star = (p, t)
                p += 1
            } else if p < pattern.count && (pattern[p] == "?" || pattern[p] == text[t]) {
                p += 1
                t += 1
            } else if let s = star {
                star = (s.p, s.t + 1)
                p = s.p + 1
                t = s.t + 1
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
