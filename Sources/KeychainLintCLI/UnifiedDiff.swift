/// A unified diff (`diff -u`, three lines of context) between two versions of a file, for
/// `--fix --diff`: `git apply` and `patch -p1` read it. Lines are compared whole, line breaks
/// included; the edit script is Myers's shortest one, found between the common head and tail.
enum UnifiedDiff {
    static let context = 3

    /// The diff of `old` to `new` under `a/PATH` and `b/PATH` headers; empty when they are equal.
    static func render(old: [UInt8], new: [UInt8], path: String) -> String {
        let a = lines(old), b = lines(new)
        guard a != b else { return "" }
        let script = editScript(a, b)
        var out = "--- a/\(path)\n+++ b/\(path)\n"
        for hunk in hunks(script) {
            let removed = hunk.filter { $0.kind != .insert }, added = hunk.filter { $0.kind != .delete }
            out += "@@ -\(range(removed.first?.old ?? hunk[0].old, removed.count)) +\(range(added.first?.new ?? hunk[0].new, added.count)) @@\n"
            for op in hunk {
                let (mark, text) = op.kind == .insert ? ("+", b[op.new]) : (op.kind == .delete ? "-" : " ", a[op.old])
                out += mark + text
                if !text.hasSuffix("\n") { out += "\n\\ No newline at end of file\n" }
            }
        }
        return out
    }

    /// `start,count` with 1-based start; an empty side names the line before it, as diff does.
    private static func range(_ start: Int, _ count: Int) -> String {
        "\(count == 0 ? start : start + 1),\(count)"
    }

    /// The text split after each `\n` (a `\r\n` stays within its line).
    static func lines(_ bytes: [UInt8]) -> [String] {
        var out: [String] = []
        var start = 0
        for (i, byte) in bytes.enumerated() where byte == 0x0A {
            out.append(String(decoding: bytes[start...i], as: UTF8.self))
            start = i + 1
        }
        if start < bytes.count { out.append(String(decoding: bytes[start...], as: UTF8.self)) }
        return out
    }

    enum Kind { case equal, delete, insert }

    struct Op {
        var kind: Kind
        /// Index of the line in the old text (for an insertion: the old line it comes before).
        var old: Int
        /// Index of the line in the new text (for a deletion: the new line it comes before).
        var new: Int
    }

    /// The shortest edit script from `a` to `b`: the common head and tail are kept as they are,
    /// Myers's greedy search runs on what lies between.
    static func editScript(_ a: [String], _ b: [String]) -> [Op] {
        var head = 0
        while head < a.count && head < b.count && a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head && tail < b.count - head && a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        var ops = (0..<head).map { Op(kind: .equal, old: $0, new: $0) }
        ops += middle(Array(a[head..<(a.count - tail)]), Array(b[head..<(b.count - tail)])).map {
            Op(kind: $0.kind, old: $0.old + head, new: $0.new + head)
        }
        ops += (0..<tail).map { Op(kind: .equal, old: a.count - tail + $0, new: b.count - tail + $0) }
        return ops
    }

    /// Myers's O((N+M)D) search, keeping each round's furthest points to walk the path back.
    private static func middle(_ a: [String], _ b: [String]) -> [Op] {
        let n = a.count, m = b.count, offset = n + m + 1
        var v = [Int](repeating: 0, count: 2 * offset + 1)
        var trace: [[Int]] = []
        search: for d in 0...(n + m) {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n && y < m && a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n && y >= m { break search }
            }
        }
        var ops: [Op] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d], k = x - y
            let down = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])
            let previousK = down ? k + 1 : k - 1
            let previousX = v[offset + previousK], previousY = previousX - previousK
            while x > previousX && y > previousY { x -= 1; y -= 1; ops.append(Op(kind: .equal, old: x, new: y)) }
            if d > 0 {
                if down { y -= 1; ops.append(Op(kind: .insert, old: x, new: y)) } else { x -= 1; ops.append(Op(kind: .delete, old: x, new: y)) }
            }
        }
        return ops.reversed()
    }

    /// The changes with up to `context` unchanged lines around each, changes closer than twice
    /// that joined into one hunk.
    private static func hunks(_ ops: [Op]) -> [[Op]] {
        let changed = ops.indices.filter { ops[$0].kind != .equal }
        var hunks: [[Op]] = []
        var start = 0
        while start < changed.count {
            var end = start
            while end + 1 < changed.count && changed[end + 1] - changed[end] <= 2 * context { end += 1 }
            hunks.append(Array(ops[max(0, changed[start] - context)...min(ops.count - 1, changed[end] + context)]))
            start = end + 1
        }
        return hunks
    }
}
