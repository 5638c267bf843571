import KeychainLintSyntax

/// The program's tokens without trivia or `#if` lines, with the facts every later step needs:
/// bracket partners, name ids and line starts made in the lexer's own pass (`CodeTokens`), and
/// `#if` regions in one linear pass after it.
///
/// Working on this view instead of raw tokens keeps the extractor simple (no trivia skipping)
/// and keeps hostile input linear: partners come from an explicit stack, never recursion.
@usableFromInline package final class CodeView: @unchecked Sendable {
    @usableFromInline package let source: SourceFile
    /// Non-trivia tokens in order, `#if`/`#elseif`/`#else`/`#endif` lines removed.
    @usableFromInline package let tokens: [Token]
    /// Index of the partner of each opener/closer (`(`/`)`, `[`/`]`, `{`/`}`, string start/end,
    /// interpolation start/end), or -1 when unmatched or not a bracket (`CodeTokens.partner`).
    /// Each code token's innermost enclosing `{` (-1 at file level); a `{`'s or its `}`'s own
    /// entry is the block around it. Made in one pass on first need, so that the many questions
    /// of a long function or deep blocks (`enclosingFunctionBody`, the wrapper readers) cost a
    /// few steps each rather than a walk back.
    package private(set) lazy var enclosingBraces: [Int32] = {
        var table = [Int32](repeating: -1, count: count)
        var open: [Int32] = []
        for i in 0..<count {
            if kind(i) == .rightBrace, let top = open.last, partner[i] == top { open.removeLast() }
            table[i] = open.last ?? -1
            if kind(i) == .leftBrace { open.append(Int32(i)) }
        }
        work += count
        return table
    }()

    /// By name id: the names this file's `typealias`es make dictionary types
    /// (`typealias KeychainQuery = CFDictionary`), found on first need (`CodeView+TypeAliases`).
    package private(set) lazy var dictionaryTypeAliases: Set<Int32> = Self.dictionaryTypeAliases(in: self)
    /// By name id: the names other files' `typealias`es make dictionary types
    /// (`ProjectSymbols.dictionaryTypeAliases`), of those this file spells.
    let projectDictionaryTypeAliases: Set<Int32>
    /// By name id: the type names asked about (`isDictionaryTypeAlias`) that no `typealias` of
    /// this file declares: another file's alias of one changes the answer (`DependencyLog`).
    package internal(set) var typeNamesAsked: Set<Int32> = []

    @usableFromInline package let partner: [Int32]
    /// Whether a line break separates this token from the previous code token.
    package let startsLine: [Bool]
    /// The `#if` region each token lies in (index into `conditions`).
    package let region: TokenRegions
    /// Condition of each region, parents and earlier siblings folded in. Region 0 is `.always`.
    package let conditions: [Condition]
    /// The region each region is nested in (region 0 in itself): conditions cannot say it, as two
    /// `#if` flags the linter does not know (`DEBUG`, `SOME_FEATURE`) are both `.unknown`.
    package let regionParents: [ConditionRegion.ID]
    /// Per code token: the interned id of an identifier's spelling (`names`), -1 for other kinds.
    @usableFromInline package let nameIDs: [Int32]
    package let names: NameTable
    /// Spellings made into `String`s on first use, by id. Behind a pointer, like `work`.
    private let spellings: UnsafeMutableBufferPointer<String?>
    /// Tokens visited so far by this file's scans (the view itself, the extractor's walks and
    /// look-aheads, the rules' searches). A deterministic measure of work, unlike wall time, so tests
    /// can check that doubling an input doubles it rather than quadrupling it. Scans add their
    /// count once when they finish, not per token, to stay off the hot paths.
    package var work: Int {
        get { workCounter.pointee }
        set { workCounter.pointee = newValue }
    }
    /// Behind a pointer: a stored `var` of a class is checked for exclusive access at run time on
    /// every `+=`, and the scans add to it millions of times.
    private let workCounter = UnsafeMutablePointer<Int>.allocate(capacity: 1)

    /// `dictionaryTypeAliases`: the names other files of the project declare as dictionary types.
    package init(source: SourceFile, dictionaryTypeAliases: Set<String> = []) {
        self.source = source
        let lexed = source.code
        var regions = RegionBuilder()
        region = regions.regions(of: lexed)
        conditions = regions.conditions
        regionParents = regions.parents
        tokens = lexed.tokens
        startsLine = lexed.startsLine
        nameIDs = lexed.nameIDs
        names = lexed.names
        spellings = .allocate(capacity: lexed.names.count)
        spellings.initialize(repeating: nil)
        partner = lexed.partner
        projectDictionaryTypeAliases = source.bytes.withUnsafeBufferPointer { bytes in
            Set(dictionaryTypeAliases.compactMap { lexed.names.id(of: $0, in: bytes) })
        }
        // The lexer's share counts by byte: it visits each once.
        workCounter.initialize(to: source.bytes.count + tokens.count)
    }

    deinit {
        workCounter.deallocate()
        spellings.deinitialize()
        spellings.deallocate()
    }

    @inlinable package var count: Int { tokens.count }

    @inlinable @inline(__always) package func kind(_ i: Int) -> TokenKind {
        i >= 0 && i < tokens.count ? tokens[i].kind : .unknown
    }

    @inlinable @inline(__always) package func offset(_ i: Int) -> Int {
        i < tokens.count ? Int(tokens[i].start) : source.bytes.count
    }

    /// The token's text; an identifier's comes from the interned spellings, made once per file.
    package func text(_ i: Int) -> String {
        let id = nameIDs[i]
        return id >= 0 ? spelling(id) : source.text(tokens[i])
    }

    /// The interned id of the identifier at `i`, -1 when `i` is not an identifier.
    @inlinable @inline(__always) package func nameID(_ i: Int) -> Int32 {
        i >= 0 && i < nameIDs.count ? nameIDs[i] : -1
    }

    /// Whether an identifier lies in `start..<end`, in constant time.
    package func containsIdentifier(_ start: Int, before end: Int) -> Bool {
        identifiers.any(in: start..<max(start, end))
    }

    private lazy var identifiers = TokenPrefixCounts(self) { $0 >= 0 }

    package func spelling(_ id: Int32) -> String {
        if let known = spellings[Int(id)] { return known }
        let text = source.text(names.start(id)..<names.end(id))
        spellings[Int(id)] = text
        return text
    }

    /// Whether the identifier at `i` starts with the ASCII `prefix` as `String.hasPrefix` decides
    /// (by characters): the bytes answer, unless a non-ASCII byte follows the prefix, which could
    /// join its last letter into one character with it.
    package func identifier(_ i: Int, hasPrefix prefix: StaticString) -> Bool {
        let token = tokens[i]
        guard source.token(token, hasPrefix: prefix) else { return false }
        let next = Int(token.start) + prefix.utf8CodeUnitCount
        return next == Int(token.end) || source.bytes[next] < 0x80 || text(i).hasPrefix(prefix.description)
    }

    /// The id of `name` when the file spells it as an identifier somewhere.
    package func nameID(of name: String) -> Int32? {
        source.bytes.withUnsafeBufferPointer { names.id(of: name, in: $0) }
    }

    @inlinable @inline(__always) package func `is`(_ i: Int, _ literal: StaticString) -> Bool {
        i >= 0 && i < tokens.count && source.token(tokens[i], is: literal)
    }

    @inlinable @inline(__always) package func isKeyword(_ i: Int, _ literal: StaticString) -> Bool {
        kind(i) == .keyword && source.token(tokens[i], is: literal)
    }

    @inlinable @inline(__always) package func isIdentifier(_ i: Int, _ literal: StaticString) -> Bool {
        kind(i) == .identifier && source.token(tokens[i], is: literal)
    }

    /// The index just past the bracket group opened at `i` (the end of the file when unmatched).
    @inlinable @inline(__always) package func after(_ i: Int) -> Int {
        let p = partner[i]
        return p < 0 ? tokens.count : Int(p) + 1
    }

    /// Whether code in region `inner` is compiled only where region `outer`'s code is: the same
    /// region, or one nested in it.
    package func region(_ outer: ConditionRegion.ID, encloses inner: ConditionRegion.ID) -> Bool {
        var r = inner
        for _ in 0..<regionParents.count {
            if r == outer { return true }
            if r == 0 { return false }
            r = regionParents[Int(r)]
        }
        return false
    }

    /// The tokens inside the bracket group opened at `i`: up to its partner, or when it has none
    /// (a truncated file) up to the file's last token, and empty when `i` is that last token.
    package func interior(of i: Int) -> Range<Int> {
        (i + 1)..<max(i + 1, after(i) - 1)
    }

    /// Folds the `#if` lines the lexer lifted out into one region per code token.
    private struct RegionBuilder {
        var conditions: [Condition] = [.always]
        var parents: [ConditionRegion.ID] = [0]

        /// One open `#if`: the region outside it, the clauses seen so far, and the current clause's region.
        struct Frame {
            var parent: ConditionRegion.ID
            var earlier: Condition
            var current: ConditionRegion.ID
            var siblings: Int
        }
        static let maxDepth = 64
        var frames: [Frame] = []

        var currentRegion: ConditionRegion.ID { frames.last?.current ?? 0 }

        /// Region 0 everywhere outside `#if` blocks (nearly every file is all region 0).
        mutating func regions(of lexed: CodeTokens) -> TokenRegions {
            guard !lexed.directives.isEmpty else { return TokenRegions(ids: []) }
            var region = [ConditionRegion.ID](repeating: 0, count: lexed.tokens.count)
            var from = 0
            for line in lexed.directives {
                let current = currentRegion
                if current != 0 {
                    for i in from..<line.codeIndex { region[i] = current }
                }
                from = line.codeIndex
                directive(line)
            }
            let current = currentRegion
            if current != 0 {
                for i in from..<region.count { region[i] = current }
            }
            return TokenRegions(ids: region)
        }

        /// Opens, advances or closes a clause for one `#if`-family line.
        mutating func directive(_ line: DirectiveLine) {
            let word = line.word
            let text = line.condition
            let clause = (word == "#if" || word == "#elseif") ? Condition.parse(text) : .always
            switch word {
            case "#if":
                let parent = currentRegion
                // Past a sane depth, nested clauses share their parent's region: conditions stay
                // small, so evaluating every region stays linear in the file.
                if frames.count >= Self.maxDepth {
                    frames.append(Frame(parent: parent, earlier: .never, current: parent, siblings: 0))
                    break
                }
                frames.append(Frame(parent: parent, earlier: .never, current: newRegion(parent: parent, clause: clause, earlier: .never), siblings: 1))
            case "#elseif", "#else":
                guard var frame = frames.popLast() else { break }
                if frame.current == frame.parent || frame.siblings >= Self.maxDepth {
                    // Too deep or too many clauses: this clause is not decided (the parent's region, unknown).
                    frame.current = frame.siblings >= Self.maxDepth ? newRegion(parent: frame.parent, clause: .unknown, earlier: .never) : frame.parent
                    frames.append(frame)
                    break
                }
                frame.siblings += 1
                let previous = clauseCondition(of: frame)
                frame.earlier = frame.earlier == .never ? previous : .or(frame.earlier, previous)
                frame.current = newRegion(parent: frame.parent, clause: clause, earlier: frame.earlier)
                frames.append(frame)
            default: // #endif
                _ = frames.popLast()
            }
        }

        var clauses: [ConditionRegion.ID: Condition] = [:]

        func clauseCondition(of frame: Frame) -> Condition {
            clauses[frame.current] ?? .unknown
        }

        mutating func newRegion(parent: ConditionRegion.ID, clause: Condition, earlier: Condition) -> ConditionRegion.ID {
            var condition = clause
            if earlier != .never { condition = .and(.not(earlier), condition) }
            if parent != 0 { condition = .and(conditions[Int(parent)], condition) }
            let id = ConditionRegion.ID(conditions.count)
            conditions.append(condition)
            parents.append(parent)
            clauses[id] = clause
            return id
        }
    }
}

/// The region of each code token; a file without `#if` lines stores none (all are region 0).
package struct TokenRegions: Sendable {
    fileprivate let ids: [ConditionRegion.ID]

    @inline(__always) package subscript(_ index: Int) -> ConditionRegion.ID {
        ids.isEmpty ? 0 : ids[index]
    }
}
