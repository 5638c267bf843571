/// Where the lexer puts each token. The lexer makes every decision (what a byte run is);
/// a sink only decides what to keep, so the lossless stream and the linter's code stream
/// can never disagree about a token.
///
/// The lexer is generic over its sink and both sinks live in this module, so each gets its
/// own specialised copy of the lexer: a trivia token the code sink drops costs no call and
/// no branch at the spots where the lexer knows the kind.
protocol TokenSink {
    /// `kind` covers `start..<end`; calls come in order and cover the input exactly.
    mutating func take(_ kind: TokenKind, _ start: Int, _ end: Int)
    /// A line starts at `offset` after a line break inside a multi-line string, which the
    /// lexer's string scan passes anyway (a token-by-token rescan of every string would cost
    /// more than all other line bookkeeping).
    mutating func lineStarts(at offset: Int)
    /// Called once, after the last token.
    mutating func finish()
}

/// Keeps every token, trivia included, in raw storage grown by doubling (an array append
/// costs a uniqueness check per token).
struct AllTokens: TokenSink {
    var storage: UnsafeMutablePointer<Token>
    var count = 0
    var capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        storage = .allocate(capacity: self.capacity)
    }

    @inline(__always)
    mutating func take(_ kind: TokenKind, _ start: Int, _ end: Int) {
        if count == capacity { grow() }
        (storage + count).initialize(to: Token(kind: kind, start: start, end: end))
        count += 1
    }

    func lineStarts(at offset: Int) {}

    mutating func finish() {}

    @inline(never)
    mutating func grow() {
        let larger = UnsafeMutablePointer<Token>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity *= 2
    }
}
