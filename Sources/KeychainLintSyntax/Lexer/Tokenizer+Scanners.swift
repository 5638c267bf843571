/// The lexer's scanners for whitespace, identifiers and reserved words, numbers and operators:
/// the tokens of code mode that are not strings, comments or `#` forms (`Tokenizer+Strings.swift`).
extension Lexer {
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
