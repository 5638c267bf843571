import KeychainLintSyntax

/// The names that can bring a keychain dictionary or a Security call into a function body, so
/// the file-wide walk can jump over the bodies that mention none of them.
///
/// A use needs a Security function (`Sec…`), a `kSec…` key, or a name that leads to one: a
/// constant, helper or function reference of this file or of the project. The file's own names
/// join when their declaration mentions a name already in (a fixpoint over the declarations
/// other bodies can see: type members, file-level names, non-local functions). A body with no
/// such name can add nothing: its dictionaries have no `kSec` key and it calls nothing that does.
///
/// A class: the walk asks at every body it may jump over, and a struct would be copied out of
/// the extractor (its arrays retained and released) for each question. Its state is written only
/// while it is made, so reads are not checked for exclusive access at run time.
final class Relevance {
    /// By name id.
    @exclusivity(unchecked) private var relevant: [Bool]
    /// Rounds of the fixpoint; a longer chain of names makes every body relevant, which keeps
    /// the pass linear on any input.
    static let maxRounds = 4

    init(code: CodeView, declarations: Declarations, symbols: ProjectSymbols) {
        relevant = [Bool](repeating: false, count: code.names.count)
        code.source.bytes.withUnsafeBufferPointer { bytes in
            for id in 0..<code.names.count {
                // Most names start with neither letter: one byte turns them away.
                let first = bytes[code.names.start(Int32(id))]
                guard first == UInt8(ascii: "S") || first == UInt8(ascii: "k") else { continue }
                let spelling = Token(kind: .identifier, start: code.names.start(Int32(id)), end: code.names.end(Int32(id)))
                relevant[id] = code.source.token(spelling, hasPrefix: "Sec") || code.source.token(spelling, hasPrefix: "kSec")
            }
        }
        if !symbols.isEmpty {
            for names in [symbols.names, symbols.passThroughFunctions] where !names.isEmpty {
                // The smaller side is walked: a large project's names are not each looked up in
                // every file (thousands of files of helpers made that quadratic), nor a small
                // project's few names answered by spelling out every name of a file.
                if names.count <= code.names.count {
                    for name in names {
                        if let id = code.nameID(of: name) { relevant[Int(id)] = true }
                    }
                } else {
                    for id in 0..<code.names.count where !relevant[id] && names.contains(code.spelling(Int32(id))) {
                        relevant[id] = true
                    }
                }
            }
        }
        var declared: [(name: Int, range: Range<Int>)] = []
        for binding in declarations.bindings.elements where binding.isMember {
            declared.append((binding.nameIndex, binding.initializer))
        }
        for body in declarations.bodies.elements where !body.isLocal {
            declared.append((body.nameIndex, body.nameIndex..<code.after(body.open)))
        }
        // One pass counts the seeds' tokens (a prefix sum, so testing a declaration is constant
        // time however its range nests in others') and lists where the declared names occur: a
        // declared name that joins adds its listed tokens, with no pass of its own. Names found in
        // a round count from the next.
        var isCandidate = [Bool](repeating: false, count: relevant.count)
        for declaration in declared {
            let id = Int(code.nameID(declaration.name))
            if id >= 0 && !relevant[id] { isCandidate[id] = true }
        }
        var candidateTokens: [Int32] = []
        seedTokens = relevant.withUnsafeBufferPointer { relevant in
            isCandidate.withUnsafeBufferPointer { isCandidate in
                TokenPrefixCounts(code, counting: { relevant[Int($0)] }, listing: { isCandidate[Int($0)] }, into: &candidateTokens)
            }
        }
        var done = [Bool](repeating: false, count: declared.count)
        for _ in 0..<Self.maxRounds {
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
            joinedTokens = code.nameIDs.withUnsafeBufferPointer { ids in candidateTokens.filter { relevant[Int(ids[Int($0)])] } }
        }
        relevant = [Bool](repeating: true, count: relevant.count)
        seedTokens = TokenPrefixCounts(code) { $0 >= 0 }
        joinedTokens = []
    }

    /// The seed names among the code tokens (nil before the pass).
    @exclusivity(unchecked) private var seedTokens: TokenPrefixCounts?
    /// Code indices, ascending, of the declared names that joined in the rounds so far.
    @exclusivity(unchecked) private var joinedTokens: [Int32] = []

    /// Whether a relevant name occurs in `range`: constant time for the seeds, a binary search
    /// among the few tokens of the names that joined.
    func mentionsRelevant(_ range: Range<Int>) -> Bool {
        if seedTokens?.any(in: range) ?? false { return true }
        guard !joinedTokens.isEmpty else { return false }
        let lower = max(range.lowerBound, 0)
        var low = 0
        var high = joinedTokens.count
        while low < high {
            let middle = (low + high) / 2
            if Int(joinedTokens[middle]) < lower { low = middle + 1 } else { high = middle }
        }
        return low < joinedTokens.count && Int(joinedTokens[low]) < range.upperBound
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
