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

    // MARK: - Identifiers, numbers, operators

    /// The end of a whitespace run whose first byte is before `start`. Most runs are one space;
    /// the rest are mostly indentation, taken eight spaces per load.
    @inline(__always)
    func scanWhitespace(_ start: Int) -> Int {
        var j = start
        guard j < n && cls[Int(p[j])] & ByteClass.space != 0 else { return j }
        let raw = UnsafeRawPointer(p.baseAddress!)
        while j &+ 8 <= n {
            // Little-endian: the spaces before the first other byte are its trailing zero bytes.
            let others = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: j, as: UInt64.self)) ^ 0x2020_2020_2020_2020
            if others != 0 {
                j &+= others.trailingZeroBitCount &>> 3
                break
            }
            j &+= 8
        }
        while j < n && cls[Int(p[j])] & ByteClass.space != 0 { j &+= 1 } // tabs, and the file's last bytes
        return j
    }

    /// The end of the identifier characters from `j` on: ASCII letters, digits, `_`, `$`
    /// and any valid multi-byte UTF-8 sequence. The ASCII loop is kept to one table test per
    /// byte; a byte it stops at is looked at again only when it is not ASCII.
    @inline(__always)
    func scanIdentifierBody(_ start: Int) -> Int {
        var j = start
        while true {
            while j < n && cls[Int(p[j])] & ByteClass.identBody != 0 { j &+= 1 }
            guard j < n && p[j] >= 0x80 else { return j }
            let len = utf8SequenceLength(p, j, n)
            if len == 0 { return j }
            j &+= len
        }
    }

    @inline(__always)
    mutating func lexIdentifier(bodyFrom start: Int) {
        let end = scanIdentifierBody(start)
        switch Keywords.classify(p, i, end) {
        case .none:
            emit(.identifier, end)
        case .plain:
            emit(.keyword, end)
        case .expressionEnd:
            emit(.keyword, end)
            exprEnd = true
        }
    }

    /// `` `name` ``: up to the next backtick on the same line, so Swift 6 raw identifiers
    /// (`` `with spaces` ``) are one token too. Otherwise the backtick alone is unknown.
    mutating func lexBacktick() {
        var j = i + 1
        while j < n {
            let b = p[j]
            if b == ASCII.backtick || b == ASCII.lf || b == ASCII.cr { break }
            j += 1
        }
        if has(j, ASCII.backtick) && j > i + 1 {
            emit(.identifier, j + 1)
        } else {
            emit(.unknown, i + 1)
        }
    }

    /// A run of control characters and invalid UTF-8 (at least one byte).
    mutating func lexUnknown() {
        var j = i + 1
        while j < n {
            let b = p[j]
            if b < 0x80 {
                if cls[Int(b)] & ByteClass.control == 0 { break }
                j += 1
            } else {
                if utf8SequenceLength(p, j, n) != 0 { break }
                j += 1
            }
        }
        emit(.unknown, j)
    }

    @inline(__always)
    func skip(_ start: Int, _ mask: UInt8) -> Int {
        var j = start
        while j < n && (cls[Int(p[j])] & mask != 0 || p[j] == 0x5F) { j += 1 }
        return j
    }

    mutating func lexNumber() {
        // Most literals are plain decimal integers (`0`, `8072`): digits followed by a byte that
        // cannot continue a number (not `.`, `_`, a letter or a digit) need none of the cases below.
        var d = i &+ 1
        while d < n && cls[Int(p[d])] & ByteClass.digit != 0 { d &+= 1 }
        if d >= n || (p[d] != ASCII.dot && cls[Int(p[d])] & ByteClass.identBody == 0 && p[d] < 0x80) {
            if p[i] != ASCII.zero || d == i &+ 1 {
                emit(.integerLiteral, d)
                return
            }
        }
        // `x.0.1`: right after a `.`, a number is a tuple index, never a float.
        let tupleIndex = lastKind == .period
        var j: Int
        var isFloat = false
        let radix: UInt8 = p[i] == ASCII.zero && i + 1 < n ? p[i + 1] : 0
        if radix == 0x78 /* x */ {
            j = skip(i + 2, ByteClass.hexDigit)
            if !tupleIndex && has(j, ASCII.dot) && isClass(j + 1, ByteClass.hexDigit) {
                let k = skip(j + 1, ByteClass.hexDigit)
                // `0x1.8p3` is a float; `0xff.description` is an integer and a member.
                if has(k, 0x70) || has(k, 0x50) || isClass(j + 1, ByteClass.digit) {
                    j = k
                    isFloat = true
                }
            }
            if has(j, 0x70) || has(j, 0x50) /* p P */ {
                var k = j + 1
                if has(k, ASCII.plus) || has(k, ASCII.minus) { k += 1 }
                if isClass(k, ByteClass.digit) {
                    j = skip(k, ByteClass.digit)
                    isFloat = true
                }
            }
        } else if radix == 0x62 || radix == 0x6F /* b o */ {
            j = i + 2
        } else {
            j = skip(i + 1, ByteClass.digit)
            if !tupleIndex && has(j, ASCII.dot) && isClass(j + 1, ByteClass.digit) {
                j = skip(j + 1, ByteClass.digit)
                isFloat = true
            }
            if has(j, 0x65) || has(j, 0x45) /* e E */ {
                var k = j + 1
                if has(k, ASCII.plus) || has(k, ASCII.minus) { k += 1 }
                if isClass(k, ByteClass.digit) {
                    j = skip(k, ByteClass.digit)
                    isFloat = true
                }
            }
        }
        // Letters and digits glued to a literal (`0b102`, `1abc`) belong to it, as in swiftc.
        j = skip(j, ByteClass.alphanumeric)
        emit(isFloat ? .floatLiteral : .integerLiteral, j)
    }

    /// The end of an operator run whose first byte is before `start`; `.` is not allowed
    /// (only dot-operators, which start with `.`, may contain it), and a `//` or `/*`
    /// starts a comment instead.
    @inline(__always)
    func scanOperatorRun(_ start: Int, allowDot: Bool = false) -> Int {
        var j = start
        while j < n {
            let b = p[j]
            if b == ASCII.dot {
                if !allowDot { break }
            } else if cls[Int(b)] & ByteClass.operatorChar == 0 {
                break
            } else if b == ASCII.slash && (has(j + 1, ASCII.slash) || has(j + 1, ASCII.star)) {
                break
            }
            j += 1
        }
        return j
    }

    /// A single `.` is a period; `.` followed by `.` or an operator character starts a
    /// dot-operator (`...`, `..<`).
    mutating func lexDot() {
        let j = scanOperatorRun(i + 1, allowDot: true)
        emit(j > i + 1 ? .operator : .period, j)
    }

    /// A left-bound run of `>`s followed only by `?`/`!` closes generic argument lists
    /// (`Array<Int>?`, `Set<Array<Int>>!`): each byte becomes its own token so the `?`
    /// or `!` is postfix. Anything else is an ordinary operator run (`>=`, `>>`, `->`).
    mutating func lexGreater() {
        let runEnd = scanOperatorRun(i + 1)
        if leftBound {
            var j = i
            while j < runEnd && p[j] == ASCII.greater { j += 1 }
            var k = j
            while k < runEnd && (p[k] == ASCII.question || p[k] == ASCII.bang) { k += 1 }
            if k > j && k == runEnd {
                while i < j { emit(.operator, i + 1) }
                while i < k {
                    emit(.operator, i + 1)
                    exprEnd = true
                }
                return
            }
        }
        emit(.operator, runEnd)
    }
}
