/// One `#if`-family line, lifted out of the code stream; the model folds these into regions.
package struct DirectiveLine: Sendable, Equatable {
    /// `#if`, `#elseif`, `#else` or `#endif`.
    package var word: String
    /// The rest of the line as written, comments left out: the condition of `#if` and `#elseif`.
    package var condition: String
    /// Index of the first code token after the line.
    package var codeIndex: Int

    package init(word: String, condition: String, codeIndex: Int) {
        (self.word, self.condition, self.codeIndex) = (word, condition, codeIndex)
    }
}

/// What the linter reads of a file: its code tokens with the per-token facts the model needs,
/// made in the same pass as the tokens. Trivia are lexed (they decide where tokens start and
/// end) but never stored, and `#if` lines go to `directives` instead of the token stream.
///
/// Storing only what is read, straight into arrays sized for the worst case (one token per
/// byte; only the pages written are ever touched), is what keeps this step near the cost of
/// lexing itself: no trivia tokens, no second pass over them, no copy.
package struct CodeTokens {
    /// Non-trivia tokens in order, `#if`/`#elseif`/`#else`/`#endif` lines removed.
    package let tokens: [Token]
    /// Whether a line break (a newline, or one inside a block comment) separates each token from the previous one.
    package let startsLine: [Bool]
    /// Per token: the interned id of an identifier's spelling in `names`, -1 for other kinds.
    package let nameIDs: [Int32]
    /// Index of the partner of each opener/closer (`(`/`)`, `[`/`]`, `{`/`}`, string start/end,
    /// interpolation start/end), or -1 when unmatched or not a bracket. From an explicit stack,
    /// never recursion, so hostile nesting stays linear.
    package let partner: [Int32]
    package let names: NameTable
    package let directives: [DirectiveLine]
    /// Byte offset at which each line starts, the same as `LineMap(bytes).lineStarts`.
    package let lineStarts: [Int]

    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        let capacity = max(1, bytes.count)
        var sink: CodeSink?
        var lines: [Bool] = []
        var ids: [Int32] = []
        var partners: [Int32] = []
        let openers = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        defer { openers.deallocate() }
        let code = [Token](unsafeUninitializedCapacity: capacity) { tokenBuffer, tokenCount in
            lines = [Bool](unsafeUninitializedCapacity: capacity) { lineBuffer, lineCount in
                ids = [Int32](unsafeUninitializedCapacity: capacity) { idBuffer, idCount in
                    partners = [Int32](unsafeUninitializedCapacity: capacity) { partnerBuffer, partnerCount in
                        let done = ByteClass.table.withUnsafeBufferPointer { classes in
                            var lexer = Lexer(bytes: bytes, classes: classes, sink: CodeSink(
                                bytes: bytes, tokens: tokenBuffer.baseAddress!, startsLine: lineBuffer.baseAddress!,
                                nameIDs: idBuffer.baseAddress!, partner: partnerBuffer.baseAddress!, openers: openers,
                                // Identifiers need a separator between them: at most about n/2 names.
                                names: NameInterner(maxNames: bytes.count / 2 + 1, expectedNames: bytes.count / 64)))
                            lexer.run()
                            return lexer.sink
                        }
                        partnerCount = done.count
                        sink = done
                    }
                    idCount = sink!.count
                }
                lineCount = sink!.count
            }
            tokenCount = sink!.count
        }
        tokens = code
        startsLine = lines
        nameIDs = ids
        partner = partners
        names = NameTable(sink!.names)
        directives = sink!.directives
        lineStarts = sink!.lineStarts
    }

    package init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { CodeTokens($0) }
    }
}

/// Writes code tokens and their facts in place; holds back a directive line until its line break.
struct CodeSink: TokenSink {
    let bytes: UnsafeBufferPointer<UInt8>
    let tokens: UnsafeMutablePointer<Token>
    let startsLine: UnsafeMutablePointer<Bool>
    let nameIDs: UnsafeMutablePointer<Int32>
    let partner: UnsafeMutablePointer<Int32>
    /// Open brackets, innermost last (`openerCount` of them).
    let openers: UnsafeMutablePointer<Int32>
    var openerCount = 0
    var names: NameInterner
    var count = 0
    var lineBreak = true
    var directives: [DirectiveLine] = []
    /// Where each line starts, as `LineMap` has them: every line break is in a newline token, a
    /// block comment, a regex literal or a multi-line string, whose scan reports it.
    var lineStarts: [Int]
    /// Inside a `#if`-family line: tokens go to `pending`'s condition until the line break.
    var inDirective = false
    var pending = DirectiveLine(word: "", condition: "", codeIndex: 0)

    init(bytes: UnsafeBufferPointer<UInt8>, tokens: UnsafeMutablePointer<Token>, startsLine: UnsafeMutablePointer<Bool>,
         nameIDs: UnsafeMutablePointer<Int32>, partner: UnsafeMutablePointer<Int32>, openers: UnsafeMutablePointer<Int32>,
         names: NameInterner) {
        (self.bytes, self.tokens, self.startsLine, self.nameIDs, self.names) = (bytes, tokens, startsLine, nameIDs, names)
        (self.partner, self.openers) = (partner, openers)
        lineStarts = [LineMap.firstLineStart(bytes)]
        lineStarts.reserveCapacity(bytes.count / 24 + 1)
    }

    @inline(__always)
    mutating func take(_ kind: TokenKind, _ start: Int, _ end: Int) {
        switch kind {
        case .newline:
            lineStarts.append(end)
            if inDirective { closeDirective() }
            lineBreak = true
        case .whitespace:
            if inDirective { pending.condition += text(start, end) }
        case .lineComment, .docLineComment, .byteOrderMark:
            break
        case .blockComment, .docBlockComment:
            if recordLineBreaks(start, end) { lineBreak = true }
        case .regexLiteral:
            _ = recordLineBreaks(start, end)
            code(kind, start, end)
        case .poundDirective where !inDirective:
            inDirective = true
            pending = DirectiveLine(word: text(start, end), condition: "", codeIndex: count)
        default:
            code(kind, start, end)
        }
    }

    @inline(__always)
    mutating func code(_ kind: TokenKind, _ start: Int, _ end: Int) {
        if inDirective {
            pending.condition += text(start, end)
            return
        }
        (tokens + count).initialize(to: Token(kind: kind, start: start, end: end))
        (nameIDs + count).initialize(to: kind == .identifier ? names.intern(bytes, start, end) : -1)
        (startsLine + count).initialize(to: lineBreak)
        (partner + count).initialize(to: -1)
        switch kind {
        case .leftParen, .leftBracket, .leftBrace, .stringStart, .interpolationStart:
            openers[openerCount] = Int32(truncatingIfNeeded: count)
            openerCount &+= 1
        case .rightParen, .rightBracket, .rightBrace, .stringEnd, .interpolationEnd:
            close(kind)
        default:
            break
        }
        count += 1
        lineBreak = false
    }

    /// Pairs the closer at `count` with its opener. A closer that does not match the innermost
    /// opener looks a few levels down (recovering from an unterminated string or a stray opener)
    /// and is otherwise left unmatched.
    @inline(__always)
    private mutating func close(_ closer: TokenKind) {
        let opener: TokenKind
        switch closer {
        case .rightParen: opener = .leftParen
        case .rightBracket: opener = .leftBracket
        case .rightBrace: opener = .leftBrace
        case .stringEnd: opener = .stringStart
        default: opener = .interpolationStart
        }
        var depth = openerCount &- 1
        let floor = max(0, openerCount &- 8)
        while depth >= floor && tokens[Int(openers[depth])].kind != opener { depth &-= 1 }
        guard depth >= floor else { return }
        let o = openers[depth]
        partner[Int(o)] = Int32(truncatingIfNeeded: count)
        partner[count] = o
        openerCount = depth
    }

    mutating func closeDirective() {
        directives.append(pending)
        inDirective = false
    }

    mutating func finish() {
        if inDirective { closeDirective() }
    }

    @inline(__always)
    mutating func lineStarts(at offset: Int) {
        lineStarts.append(offset)
    }

    /// Records the line starts inside a token that may span lines; returns whether there was any.
    private mutating func recordLineBreaks(_ start: Int, _ end: Int) -> Bool {
        let before = lineStarts.count
        LineMap.appendLineStarts(in: bytes, start..<end, to: &lineStarts)
        return lineStarts.count > before
    }

    private func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
}
