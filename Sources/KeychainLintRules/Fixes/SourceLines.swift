import KeychainLintModel
import KeychainLintSyntax

/// What a fix needs to know about the text around a spot to write in the file's own style: where
/// a line starts and ends, its indentation and its line break.
enum SourceLines {
    static func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }

    /// The offset where the line holding `offset` starts.
    static func lineStart(of offset: Int, in bytes: [UInt8]) -> Int {
        var i = min(offset, bytes.count)
        while i > 0 && !isBreak(bytes[i - 1]) { i -= 1 }
        return i
    }

    /// The offset of the line break that ends the line holding `offset` (the file's end if none).
    static func lineEnd(from offset: Int, in bytes: [UInt8]) -> Int {
        var i = offset
        while i < bytes.count && !isBreak(bytes[i]) { i += 1 }
        return i
    }

    /// The spaces and tabs that start the line holding `offset`.
    static func indentation(ofLineAt offset: Int, in bytes: [UInt8]) -> String {
        var i = lineStart(of: offset, in: bytes)
        let start = i
        while i < bytes.count && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    /// The line break the file uses near `offset`: the one ending that line, else the one before
    /// it, else `\n`. A fix that adds a line keeps a CRLF file CRLF.
    static func lineBreak(near offset: Int, in bytes: [UInt8]) -> String {
        let end = lineEnd(from: offset, in: bytes)
        if end < bytes.count { return bytes[end] == 0x0D && end + 1 < bytes.count && bytes[end + 1] == 0x0A ? "\r\n" : bytes[end] == 0x0D ? "\r" : "\n" }
        let start = lineStart(of: offset, in: bytes)
        guard start > 0 else { return "\n" }
        if bytes[start - 1] == 0x0D { return "\r" }
        return start >= 2 && bytes[start - 2] == 0x0D ? "\r\n" : "\n"
    }

    /// Whether a block comment opens in `range`: a line added past it would land inside the comment.
    static func opensBlockComment(_ range: Range<Int>, in bytes: [UInt8]) -> Bool {
        range.dropLast().contains { bytes[$0] == 0x2F && bytes[$0 + 1] == 0x2A }
    }
}

extension CodeView {
    /// The index of the code token that starts at byte `offset`, when one does.
    func tokenIndex(startingAt offset: Int) -> Int? {
        var lo = 0, hi = tokens.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(tokens[mid].start) < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo < tokens.count && Int(tokens[lo].start) == offset ? lo : nil
    }

    /// The byte offset just past the code token at `i`.
    func end(_ i: Int) -> Int { Int(tokens[i].end) }

    /// The `{` of the innermost block holding `index`, looked for at most `limit` tokens back
    /// (closed groups are stepped over whole): -1 for code at file level, nil when the limit is
    /// reached first. Bounded, so a fix per finding cannot make a long file quadratic.
    func enclosingBrace(of index: Int, limit: Int) -> Int? {
        var steps = 0
        defer { work += steps }
        return tokens.withUnsafeBufferPointer { tokens in
            partner.withUnsafeBufferPointer { partner in
                var j = min(index, tokens.count) - 1
                while j >= 0 {
                    steps += 1
                    if steps > limit { return nil }
                    switch tokens[j].kind {
                    case .rightBrace, .rightParen, .rightBracket:
                        let opener = Int(partner[j])
                        j = opener >= 0 ? opener - 1 : j - 1
                    case .leftBrace:
                        return j
                    default:
                        j -= 1
                    }
                }
                return -1
            }
        }
    }
}
