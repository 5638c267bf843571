// String literals, `#` forms, comments and regex literals.

extension Lexer {
    // MARK: - Strings

    /// Opens a string whose (first) quote is at `quote`, preceded by `hashes` `#`s starting at `i`.
    /// Three quotes open a multi-line string, unless `#`s make them a one-line raw string (`#"""#`).
    mutating func lexStringStart(quote: Int, hashes: Int) {
        var multiline = has(quote + 1, ASCII.quote) && has(quote + 2, ASCII.quote)
        // `#"""#` is a raw string holding one `"`: with `#`s, `"""` is a multi-line delimiter only when
        // the rest of its line has no `"` followed by as many `#`s (as in the compiler's lexer).
        if multiline && hashes > 0 && sameLineCloses.closes(p, from: quote + 2, hashes: hashes) {
            multiline = false
        }
        emit(.stringStart, multiline ? quote + 3 : quote + 1)
        frames.append(.string(hashes: hashes, multiline: multiline))
    }

    /// Emits the literal text from `i` to `end`, if any.
    @inline(__always)
    mutating func emitSegment(_ end: Int) {
        if end > i { emit(.stringSegment, end) }
    }

    /// String mode: scans one segment and what ends it (closing delimiter, interpolation
    /// start, line break of a single-line string, or end of file).
    mutating func lexStringBody(_ frame: Frame) {
        let h = frame.hashes
        let multiline = frame.multiline
        var j = i
        while j < n {
            let c = p[j]
            if cls[Int(c)] & ByteClass.stringSpecial == 0 {
                j += 1
                continue
            }
            switch c {
            case ASCII.lf, ASCII.cr:
                if !multiline {
                    // Unterminated single-line string: the line break is code again.
                    emitSegment(j)
                    frames.removeLast()
                    return
                }
                if c == ASCII.cr && has(j + 1, ASCII.lf) { j += 1 }
                j += 1
                sink.lineStarts(at: j)
            case ASCII.quote:
                let close = multiline
                    ? (has(j + 1, ASCII.quote) && has(j + 2, ASCII.quote) ? j + 3 : -1)
                    : j + 1
                if close >= 0 && hashes(at: close, h) {
                    emitSegment(j)
                    emit(.stringEnd, close + h)
                    frames.removeLast()
                    return
                }
                j += 1
            default: // backslash
                guard hashes(at: j + 1, h) else {
                    j += 1 // in a raw string, a `\` without enough `#`s is plain text
                    continue
                }
                let k = j + 1 + h
                if has(k, ASCII.lparen) {
                    emitSegment(j)
                    emit(.interpolationStart, k + 1)
                    frames.append(.interpolation)
                    return
                }
                // An escape: the escaped byte stays in the segment, unless it is the line
                // break that ends a single-line string.
                if k < n && (multiline || (p[k] != ASCII.lf && p[k] != ASCII.cr)) {
                    j = k + 1
                    // An escaped line break (a continuation) still ends a line; `\r\n` ends it at the `\n`.
                    if p[k] == ASCII.lf || (p[k] == ASCII.cr && !has(k + 1, ASCII.lf)) { sink.lineStarts(at: j) }
                } else {
                    j = k
                }
            }
        }
        emitSegment(n) // unterminated at end of file
    }

    // MARK: - `#` forms

    /// `#"` raw strings, `#/` regexes, `#if`-family directives, `#name` keywords and
    /// macros; otherwise the `#`s are unknown.
    mutating func lexPound() {
        var j = i + 1
        while j < n && p[j] == ASCII.hash { j += 1 }
        let count = j - i
        if j < n {
            let c = p[j]
            if c == ASCII.quote {
                lexStringStart(quote: j, hashes: count)
                return
            }
            if c == ASCII.slash && lexHashRegex(hashes: count, slash: j) {
                return
            }
            let startsName = c < 0x80
                ? cls[Int(c)] & ByteClass.identHead != 0
                : utf8SequenceLength(p, j, n) > 0
            if startsName {
                if count > 1 {
                    emit(.unknown, j - 1) // `##if`: the extra `#`s are stray
                    return
                }
                let end = scanIdentifierBody(j)
                emit(isDirective(j, end) ? .poundDirective : .poundKeyword, end)
                return
            }
        }
        emit(.unknown, j)
    }

    /// Whether `p[start..<end]` is `if`, `elseif`, `else` or `endif`.
    func isDirective(_ start: Int, _ end: Int) -> Bool {
        switch end - start {
        case 2: return matches(start, "if")
        case 4: return matches(start, "else")
        case 5: return matches(start, "endif")
        case 6: return matches(start, "elseif")
        default: return false
        }
    }

    func matches(_ start: Int, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard start + count <= n else { return false }
        return literal.withUTF8Buffer { lit in
            var k = 0
            while k < count {
                if p[start + k] != lit[k] { return false }
                k += 1
            }
            return true
        }
    }

    /// `#/…/#` with `hashes` `#`s, the `/` at `slash`. If the `/` is followed by a line
    /// break the literal is extended: it may span lines and runs to end of file if
    /// unclosed. Otherwise it must close on the same line, or it is not a regex (returns false).
    mutating func lexHashRegex(hashes h: Int, slash: Int) -> Bool {
        var j = slash + 1
        let extended = has(j, ASCII.lf) || has(j, ASCII.cr)
        if extended {
            while j < n {
                let c = p[j]
                if c == ASCII.backslash {
                    j = min(j + 2, n)
                    continue
                }
                if c == ASCII.slash && hashes(at: j + 1, h) {
                    emit(.regexLiteral, j + 1 + h)
                    return true
                }
                j += 1
            }
            emit(.regexLiteral, n)
            return true
        }
        guard i >= regexBlockedUntil else { return false }
        while j < n {
            let c = p[j]
            if c == ASCII.lf || c == ASCII.cr { break }
            if c == ASCII.backslash {
                j += has(j + 1, ASCII.lf) || has(j + 1, ASCII.cr) ? 1 : 2
                continue
            }
            if c == ASCII.slash && hashes(at: j + 1, h) {
                emit(.regexLiteral, j + 1 + h)
                return true
            }
            j += 1
        }
        regexBlockedUntil = min(j, n)
        return false
    }

    // MARK: - `/`: comments, regexes, operators

    mutating func lexSlash() {
        if has(i + 1, ASCII.slash) {
            // `///` is a doc comment, `////` is not.
            let doc = has(i + 2, ASCII.slash) && !has(i + 3, ASCII.slash)
            var j = i + 2
            // Comments run for dozens of bytes: skip words with no byte below 0x0E (so no line break).
            let raw = UnsafeRawPointer(p.baseAddress!)
            let ones: UInt64 = 0x0101_0101_0101_0101
            while j &+ 8 <= n {
                let w = raw.loadUnaligned(fromByteOffset: j, as: UInt64.self)
                if (w &- ones &* 0x0E) & ~w & (ones &* 0x80) != 0 { break }
                j &+= 8
            }
            while j < n && p[j] != ASCII.lf && p[j] != ASCII.cr { j += 1 }
            emit(doc ? .docLineComment : .lineComment, j)
            return
        }
        if has(i + 1, ASCII.star) {
            lexBlockComment()
            return
        }
        if !exprEnd && i >= regexBlockedUntil && lexBareRegex() {
            return
        }
        emit(.operator, scanOperatorRun(i + 1))
    }

    /// `/* … */`, nesting; `/** … */` is a doc comment, but `/**/` and `/***` banners are not.
    mutating func lexBlockComment() {
        let doc = has(i + 2, ASCII.star) && !has(i + 3, ASCII.slash) && !has(i + 3, ASCII.star)
        var depth = 1
        var j = i + 2
        while j < n {
            let c = p[j]
            if c == ASCII.star && has(j + 1, ASCII.slash) {
                j += 2
                depth -= 1
                if depth == 0 { break }
            } else if c == ASCII.slash && has(j + 1, ASCII.star) {
                j += 2
                depth += 1
            } else {
                j += 1
            }
        }
        emit(doc ? .docBlockComment : .blockComment, j)
    }

    /// A bare `/…/` regex, tried only where an expression may start (`exprEnd` is false).
    /// It must not start with a space, tab or line break, must close with an unescaped `/`
    /// outside `[…]` on the same line, and that `/` must not follow a space or tab.
    /// As in SE-0354, an unbalanced `)` before the close means it is not a regex, so
    /// operator references (`reduce(0, /)`) stay operators.
    /// Returns false, and blocks further attempts up to where the scan stopped, when
    /// there is no close; failed scans therefore never overlap and the lexer stays linear.
    mutating func lexBareRegex() -> Bool {
        var j = i + 1
        guard j < n else { return false }
        let first = p[j]
        if first == ASCII.space || first == ASCII.tab || first == ASCII.lf || first == ASCII.cr {
            return false
        }
        var classDepth = 0
        var parenDepth = 0
        while j < n {
            let c = p[j]
            if c == ASCII.lf || c == ASCII.cr { break }
            if c == ASCII.backslash {
                j += has(j + 1, ASCII.lf) || has(j + 1, ASCII.cr) ? 1 : 2
                continue
            }
            if c == ASCII.lbracket {
                classDepth += 1
            } else if c == ASCII.rbracket {
                if classDepth > 0 { classDepth -= 1 }
            } else if classDepth > 0 {
                // Inside a character class only `]` and escapes matter.
            } else if c == ASCII.lparen {
                parenDepth += 1
            } else if c == ASCII.rparen {
                if parenDepth == 0 { break }
                parenDepth -= 1
            } else if c == ASCII.slash && classDepth == 0 && j > i + 1 {
                let before = p[j - 1]
                if before != ASCII.space && before != ASCII.tab {
                    emit(.regexLiteral, j + 1)
                    return true
                }
            }
            j += 1
        }
        regexBlockedUntil = min(j, n)
        return false
    }
}
