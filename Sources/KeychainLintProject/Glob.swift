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
///
/// Podspec `source_files` have braces expanded first (`expandingBraces`), as CocoaPods reads them.
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

    /// The patterns a `{a,b}` alternation stands for, in order (`Sources/{A,B}/*.{h,swift}` is four);
    /// groups may nest. Nil when there would be more than `limit`: the caller cannot tell what matches.
    package static func expandingBraces(_ pattern: String, limit: Int = 256) -> [String]? {
        var done: [String] = []
        var pending = [pattern]
        while let next = pending.popLast() {
            let chars = Array(next)
            guard let (open, close, commas) = firstGroup(chars) else {
                done.append(next)
                continue
            }
            let head = String(chars[..<open]), tail = String(chars[(close + 1)...])
            let bounds = [open] + commas + [close]
            let alternatives = zip(bounds, bounds.dropFirst()).map { String(chars[($0.0 + 1)..<$0.1]) }
            pending += alternatives.reversed().map { head + $0 + tail }
            if done.count + pending.count > limit { return nil }
        }
        return done
    }

    /// The first `{` with its matching `}` and the commas directly inside it (not in a nested group).
    private static func firstGroup(_ chars: [Character]) -> (open: Int, close: Int, commas: [Int])? {
        guard let open = chars.firstIndex(of: "{") else { return nil }
        var depth = 0
        var commas: [Int] = []
        for i in open..<chars.count {
            switch chars[i] {
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { return (open, i, commas) }
            case "," where depth == 1: commas.append(i)
            default: break
            }
        }
        return nil
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
