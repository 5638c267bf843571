/// The names that can bring a keychain dictionary or a Security call into a function body, so
/// the file-wide walk can jump over the bodies that mention none of them.
///
/// A use needs a Security function (`Sec…`), a `kSec…` key, or a name that leads to one: a
/// constant, helper or function reference of this file or of the project. The file's own names
/// join when their declaration mentions a name already in (a fixpoint over the declarations
/// other bodies can see: type members, file-level names, non-local functions). A body with no
/// such name can add nothing: its dictionaries have no `kSec` key and it calls nothing that does.
struct Relevance {
    /// By name id.
    private var relevant: [Bool]
    /// Rounds of the fixpoint; a longer chain of names makes every body relevant, which keeps
    /// the pass linear on any input.
    static let maxRounds = 4

    init(code: CodeView, declarations: Declarations, symbols: ProjectSymbols) {
        relevant = [Bool](repeating: false, count: code.names.count)
        let names = code.names
        code.source.bytes.withUnsafeBufferPointer { p in
            for id in 0..<names.count {
                let s = names.start(Int32(id)), e = names.end(Int32(id))
                let hasSec = e - s >= 3 && p[s] == UInt8(ascii: "S") && p[s + 1] == UInt8(ascii: "e") && p[s + 2] == UInt8(ascii: "c")
                let hasKSec = e - s >= 4 && p[s] == UInt8(ascii: "k") && p[s + 1] == UInt8(ascii: "S")
                    && p[s + 2] == UInt8(ascii: "e") && p[s + 3] == UInt8(ascii: "c")
                relevant[id] = hasSec || hasKSec
            }
        }
        if !symbols.isEmpty {
            for name in symbols.names.union(symbols.passThroughFunctions) {
                if let id = code.nameID(of: name) { relevant[Int(id)] = true }
            }
        }
        var declared: [(name: Int, range: Range<Int>)] = []
        for bindings in declarations.bindings.values {
            for binding in bindings where binding.isMember {
                declared.append((binding.nameIndex, binding.initializer))
            }
        }
        for bodies in declarations.allBodies.values {
            for body in bodies where !body.isLocal {
                declared.append((body.nameIndex, body.nameIndex..<code.after(body.open)))
            }
        }
        // Each round counts the relevant tokens once (a prefix sum), so testing a declaration is
        // constant time however its range nests in others'; names found in a round count from the next.
        var done = [Bool](repeating: false, count: declared.count)
        for _ in 0..<Self.maxRounds {
            relevantBefore = Self.prefixCounts(code, relevant)
            var changed = false
            for (k, declaration) in declared.enumerated() where !done[k] && mentionsRelevant(declaration.range) {
                done[k] = true
                let id = Int(code.nameID(declaration.name))
                if id >= 0 && !relevant[id] {
                    relevant[id] = true
                    changed = true
                }
            }
            if !changed { return }
        }
        relevant = [Bool](repeating: true, count: relevant.count)
        relevantBefore = Self.prefixCounts(code, relevant)
    }

    /// Per code index: how many tokens before it are relevant names (one more entry than tokens).
    private var relevantBefore: [Int32] = []

    private static func prefixCounts(_ code: CodeView, _ relevant: [Bool]) -> [Int32] {
        code.work += code.count
        return code.nameIDs.withUnsafeBufferPointer { ids in
            relevant.withUnsafeBufferPointer { relevant in
                [Int32](unsafeUninitializedCapacity: ids.count + 1) { out, count in
                    var total: Int32 = 0
                    for k in 0..<ids.count {
                        out[k] = total
                        let id = Int(ids[k])
                        if id >= 0 && relevant[id] { total += 1 }
                    }
                    out[ids.count] = total
                    count = ids.count + 1
                }
            }
        }
    }

    /// Whether a relevant name occurs in `range`, in constant time.
    func mentionsRelevant(_ range: Range<Int>) -> Bool {
        let last = relevantBefore.count - 1
        let lower = min(max(range.lowerBound, 0), last), upper = min(max(range.upperBound, lower), last)
        return relevantBefore[upper] > relevantBefore[lower]
    }

    /// Whether a relevant name, or one of `visible` (ids of the walk's variables in scope, -1 for
    /// none), occurs in `range`. Only the variables need a scan.
    func mentions(_ range: Range<Int>, code: CodeView, visible: [Int32] = []) -> Bool {
        if mentionsRelevant(range) { return true }
        guard !visible.isEmpty else { return false }
        code.work += range.count
        return code.nameIDs.withUnsafeBufferPointer { ids in
            visible.withUnsafeBufferPointer { visible in
                let upper = min(range.upperBound, ids.count)
                var k = max(range.lowerBound, 0)
                while k < upper {
                    let id = Int(ids[k])
                    if id >= 0 && visible[id] >= 0 { return true }
                    k += 1
                }
                return false
            }
        }
    }
}
