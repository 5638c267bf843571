/// Splits Swift source bytes into tokens. Never fails, never recurses, and always
/// covers the input exactly: `tokens.map(text).joined() == input`.
///
/// ## Design
///
/// One forward pass over the UTF-8 bytes, one token per step, no backtracking beyond a
/// bounded look-ahead. Swift's lexical grammar is not regular: string literals contain
/// interpolations, which contain code, which contains string literals, to any depth.
/// Instead of recursing (which a file of 100,000 nested `"\(` would turn into a stack
/// overflow), the lexer keeps an explicit stack of *modes* (`Frame`s):
///
/// - no frame, or an interpolation frame on top: **code mode**, ordinary tokens. An
///   interpolation frame counts the parentheses opened inside it, so the `)` that brings
///   its count back below zero is the `interpolationEnd` and pops it.
/// - a string frame on top: **string mode**, scanning literal text for the closing
///   delimiter (with the frame's number of `#`s), a line break (single-line strings), or
///   an interpolation start, which pushes an interpolation frame.
///
/// Every step either emits at least one byte or pops a frame, and frames are only
/// pushed together with a token, so the loop always terminates, in time linear in the
/// input. Look-aheads that could rescan a line (bare `/…/` regexes, `#/…/#`) remember
/// where a failed scan stopped and do not retry before it, so failed scans never overlap.
///
/// Error recovery follows the Swift compiler where it is cheap to: a line break ends a
/// single-line string (and any interpolation in it); anything unterminated at end of
/// file just stops. Bytes that start no token become `.unknown`.
package enum Tokenizer {
    /// Every token, trivia included: the lossless stream the tests, the fuzzer and the
    /// tokenizer-diff tool read. The linter itself lexes through `CodeTokens`.
    package static func tokenize(_ bytes: UnsafeBufferPointer<UInt8>) -> [Token] {
        guard !bytes.isEmpty else { return [] }
        return ByteClass.table.withUnsafeBufferPointer { classes in
            var lexer = Lexer(bytes: bytes, classes: classes, sink: AllTokens(capacity: bytes.count / 4 + 16))
            defer { lexer.sink.storage.deallocate() }
            lexer.run()
            return Array(UnsafeBufferPointer(start: lexer.sink.storage, count: lexer.sink.count))
        }
    }

    package static func tokenize(_ bytes: [UInt8]) -> [Token] {
        bytes.withUnsafeBufferPointer { tokenize($0) }
    }
}

/// One entry of the mode stack.
struct Frame {
    /// A string literal's body, or the code of an interpolation.
    var isString: Bool
    /// String frames: `"""` rather than `"`.
    var multiline: Bool
    /// String frames: the number of `#` around the delimiter.
    var hashes: Int
    /// Interpolation frames: parentheses open inside the interpolation.
    var parenDepth: Int

    static func string(hashes: Int, multiline: Bool) -> Frame {
        Frame(isString: true, multiline: multiline, hashes: hashes, parenDepth: 0)
    }

    static let interpolation = Frame(isString: false, multiline: false, hashes: 0, parenDepth: 0)
}

/// ASCII constants, named for readability.
enum ASCII {
    static let nul: UInt8 = 0x00, tab: UInt8 = 0x09, lf: UInt8 = 0x0A, cr: UInt8 = 0x0D, space: UInt8 = 0x20
    static let bang: UInt8 = 0x21, quote: UInt8 = 0x22, hash: UInt8 = 0x23, dollar: UInt8 = 0x24
    static let lparen: UInt8 = 0x28, rparen: UInt8 = 0x29, star: UInt8 = 0x2A, plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C, minus: UInt8 = 0x2D, dot: UInt8 = 0x2E, slash: UInt8 = 0x2F
    static let zero: UInt8 = 0x30, colon: UInt8 = 0x3A, semicolon: UInt8 = 0x3B
    static let greater: UInt8 = 0x3E, question: UInt8 = 0x3F, at: UInt8 = 0x40
    static let lbracket: UInt8 = 0x5B, backslash: UInt8 = 0x5C, rbracket: UInt8 = 0x5D
    static let backtick: UInt8 = 0x60, lbrace: UInt8 = 0x7B, rbrace: UInt8 = 0x7D
}

/// The lexer state. Methods are small and never call back into `step`, so the only
/// nesting is the `frames` array. Generic over where tokens go, so the linter's code-only
/// stream and the lossless one share every decision and differ only in what they keep.
struct Lexer<Sink: TokenSink> {
    let p: UnsafeBufferPointer<UInt8>
    let n: Int
    let cls: UnsafeBufferPointer<UInt8>
    /// Start of the next token; every byte before it has gone to the sink.
    var i = 0
    var sink: Sink
    var frames: [Frame] = []
    /// Kind of the last token emitted, trivia included (tokens are contiguous, so it ends at `i`).
    var lastKind: TokenKind = .newline
    /// Whether the last non-trivia token ends an expression, so that a `/` after it divides.
    var exprEnd = false
    /// Bare and `#/` regexes are not attempted before this offset: a scan that failed
    /// reached it (the end of its line) without finding a close.
    var regexBlockedUntil = 0
    /// The closes on the line of the last `#"""`, which tell a one-line raw string from a multi-line one.
    var sameLineCloses = SameLineCloses()

    init(bytes: UnsafeBufferPointer<UInt8>, classes: UnsafeBufferPointer<UInt8>, sink: Sink) {
        p = bytes
        n = bytes.count
        cls = classes
        self.sink = sink
    }

    // MARK: - Emitting

    /// Appends `p[i..<end]` as a token and moves past it. `end > i` always.
    @inline(__always)
    mutating func emit(_ kind: TokenKind, _ end: Int) {
        sink.take(kind, i, end)
        i = end
        lastKind = kind
        switch kind {
        case .whitespace, .newline, .lineComment, .docLineComment, .blockComment, .docBlockComment, .byteOrderMark:
            break
        case .identifier, .integerLiteral, .floatLiteral, .stringEnd, .regexLiteral,
             .rightParen, .rightBracket, .rightBrace, .poundKeyword:
            exprEnd = true
        default:
            exprEnd = false
        }
    }

    @inline(__always)
    func has(_ k: Int, _ b: UInt8) -> Bool { k < n && p[k] == b }

    @inline(__always)
    func isClass(_ k: Int, _ mask: UInt8) -> Bool { k < n && cls[Int(p[k])] & mask != 0 }

    /// Whether `p[k..<k+count]` are all `#`.
    @inline(__always)
    func hashes(at k: Int, _ count: Int) -> Bool {
        guard k + count <= n else { return false }
        var j = k
        while j < k + count {
            if p[j] != ASCII.hash { return false }
            j += 1
        }
        return true
    }

    /// Swift's "left-bound" test for an operator starting at `i`: the previous token is
    /// not trivia, an opening bracket or a separator. A left-bound `?` or `!` is postfix.
    var leftBound: Bool {
        switch lastKind {
        case .whitespace, .newline, .lineComment, .docLineComment, .blockComment, .docBlockComment, .byteOrderMark,
             .leftParen, .leftBracket, .leftBrace, .comma, .semicolon, .colon, .interpolationStart:
            return false
        default:
            return true
        }
    }

    // MARK: - Driver

    mutating func run() {
        if n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF {
            emit(.byteOrderMark, 3)
        }
        while i < n {
            if let top = frames.last, top.isString {
                lexStringBody(top)
            } else {
                lexCode()
            }
        }
        sink.finish()
    }

    /// Lexes one token in code mode.
    @inline(__always)
    mutating func lexCode() {
        let c = p[i]
        switch c {
        case ASCII.space, ASCII.tab, 0x0B, 0x0C, ASCII.nul:
            emit(.whitespace, scanWhitespace(i + 1))
        case ASCII.lf:
            emit(.newline, i + 1)
            endSingleLineInterpolations()
        case ASCII.cr:
            emit(.newline, has(i + 1, ASCII.lf) ? i + 2 : i + 1)
            endSingleLineInterpolations()
        case ASCII.quote:
            lexStringStart(quote: i, hashes: 0)
        case ASCII.hash:
            lexPound()
        case ASCII.dollar:
            emit(.identifier, scanIdentifierBody(i + 1))
        case ASCII.backtick:
            lexBacktick()
        case ASCII.lparen:
            if let top = frames.last, !top.isString { frames[frames.count - 1].parenDepth += 1 }
            emit(.leftParen, i + 1)
        case ASCII.rparen:
            if let top = frames.last, !top.isString {
                if top.parenDepth == 0 {
                    emit(.interpolationEnd, i + 1)
                    frames.removeLast()
                    return
                }
                frames[frames.count - 1].parenDepth -= 1
            }
            emit(.rightParen, i + 1)
        case ASCII.lbracket: emit(.leftBracket, i + 1)
        case ASCII.rbracket: emit(.rightBracket, i + 1)
        case ASCII.lbrace: emit(.leftBrace, i + 1)
        case ASCII.rbrace: emit(.rightBrace, i + 1)
        case ASCII.comma: emit(.comma, i + 1)
        case ASCII.colon: emit(.colon, i + 1)
        case ASCII.semicolon: emit(.semicolon, i + 1)
        case ASCII.at: emit(.at, i + 1)
        case ASCII.backslash: emit(.backslash, i + 1)
        case ASCII.dot:
            lexDot()
        case ASCII.slash:
            lexSlash()
        case ASCII.bang, ASCII.question:
            if leftBound {
                emit(.operator, i + 1)
                exprEnd = true
            } else {
                emit(.operator, scanOperatorRun(i + 1))
            }
        case ASCII.greater:
            lexGreater()
        case 0x30...0x39:
            lexNumber()
        default:
            if c < 0x80 {
                let k = cls[Int(c)]
                if k & ByteClass.identHead != 0 {
                    lexIdentifier(bodyFrom: i + 1)
                } else if k & ByteClass.operatorChar != 0 {
                    emit(.operator, scanOperatorRun(i + 1))
                } else {
                    lexUnknown()
                }
            } else {
                let len = utf8SequenceLength(p, i, n)
                if len > 0 {
                    lexIdentifier(bodyFrom: i + len)
                } else {
                    lexUnknown()
                }
            }
        }
    }

    /// A line break ends every interpolation of a single-line string that it sits in,
    /// with the string itself (as in the compiler's lexer). It runs at every line break, and
    /// nearly always inside fewer than two frames: that test is inlined, the loop is not.
    @inline(__always)
    mutating func endSingleLineInterpolations() {
        if frames.count >= 2 { endInterpolationsAtLineBreak() }
    }

    @inline(never)
    mutating func endInterpolationsAtLineBreak() {
        while frames.count >= 2, !frames[frames.count - 1].isString, !frames[frames.count - 2].multiline {
            frames.removeLast(2)
        }
    }
}
