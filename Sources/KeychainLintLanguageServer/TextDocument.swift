import KeychainLintSyntax

/// A place in a document as LSP counts it: a 0-based line and a 0-based character offset in
/// UTF-16 code units (LSP's default encoding, the only one every client supports), so `é` and
/// `€` count one and `😀` two, where the linter counts bytes (2, 3 and 4).
package struct Position: Equatable, Comparable, CustomStringConvertible {
    package var line: Int
    package var character: Int

    package init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    package static func < (a: Position, b: Position) -> Bool { (a.line, a.character) < (b.line, b.character) }

    package var description: String { "\(line):\(character)" }

    init?(json: Any?) {
        guard let object = json as? JSONObject, let line = object["line"] as? Int, let character = object["character"] as? Int,
              line >= 0, character >= 0 else { return nil }
        self.init(line: line, character: character)
    }

    var json: JSONObject { ["line": line, "character": character] }
}

/// A span between two positions, the end excluded.
package struct TextRange: Equatable {
    package var start: Position
    package var end: Position

    package init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    init?(json: Any?) {
        guard let object = json as? JSONObject, let start = Position(json: object["start"]),
              let end = Position(json: object["end"]), start <= end else { return nil }
        self.init(start: start, end: end)
    }

    var json: JSONObject { ["start": start.json, "end": end.json] }

    /// Whether the spans share a position; an empty span touching the other counts, so the cursor
    /// on a finding's first or last character asks for it.
    func touches(_ other: TextRange) -> Bool { start <= other.end && other.start <= end }
}

/// The text of an open document as UTF-8 bytes (what the linter reads), with the start of each
/// line so LSP positions convert to byte offsets and back without rescanning the text.
package struct TextDocument {
    package let uri: String
    package var version: Int
    package let languageID: String
    package private(set) var bytes: [UInt8]
    /// Byte offset of each line's start; a line ends at `\n`, `\r\n` or a lone `\r`, as in LSP and
    /// in the linter's `LineMap`.
    package private(set) var lineStarts: [Int]

    package init(uri: String, version: Int, languageID: String, text: String) {
        self.uri = uri
        self.version = version
        self.languageID = languageID
        self.bytes = Array(text.utf8)
        self.lineStarts = []
        indexLines()
    }

    package mutating func replaceAll(with text: String) {
        bytes = Array(text.utf8)
        indexLines()
    }

    /// Replaces `range` with `text` (an incremental `didChange`). Positions past a line's end
    /// or the document's end are clamped, as LSP asks.
    package mutating func replace(_ range: TextRange, with text: String) {
        let from = offset(of: range.start)
        let to = max(from, offset(of: range.end))
        bytes.replaceSubrange(from..<to, with: Array(text.utf8))
        indexLines()
    }

    private mutating func indexLines() {
        var starts = LineMap(bytes).lineStarts
        // The linter's line 1 starts after a byte-order mark; for LSP the mark is a character.
        starts[0] = 0
        lineStarts = starts
    }

    package var lineCount: Int { lineStarts.count }

    /// The bytes of a line without its line break.
    package func lineBytes(_ line: Int) -> ArraySlice<UInt8> {
        guard line >= 0, line < lineStarts.count else { return [] }
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        while end > lineStarts[line], bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return bytes[lineStarts[line]..<end]
    }

    /// The byte offset of a position. A line past the end is the document's end; a character
    /// past the line's end is the line's end; a character inside a surrogate pair is the start
    /// of that pair's character.
    package func offset(of position: Position) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        let line = lineBytes(position.line)
        return line.startIndex + UTF16Columns.byteOffset(ofUTF16: position.character, in: line)
    }

    /// The LSP position of a byte offset (clamped to the document).
    package func position(ofByte offset: Int) -> Position {
        let offset = min(max(offset, 0), bytes.count)
        var lo = 0
        var hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) >> 1
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        let line = lineBytes(lo)
        let within = min(offset, line.endIndex) - line.startIndex
        return Position(line: lo, character: UTF16Columns.utf16Count(ofFirst: within, in: line))
    }

    /// The byte offset of a finding's spot: `line` 1-based, `column` 1-based in UTF-8 bytes of
    /// the line, as the linter reports them (past a byte-order mark on line 1).
    package func offset(ofLine line: Int, byteColumn column: Int) -> Int {
        let index = max(0, min(line - 1, lineStarts.count - 1))
        let bom = index == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return min(lineStarts[index] + bom + max(column - 1, 0), lineBytes(index).endIndex)
    }
}

/// Conversions between UTF-8 byte offsets and UTF-16 code-unit offsets within one line.
package enum UTF16Columns {
    /// How many UTF-16 code units the first `byteCount` bytes of `line` make. Characters of four
    /// UTF-8 bytes (outside the Basic Multilingual Plane) are two units; a continuation byte is
    /// none; invalid bytes count one each, as a decoder's replacement character would.
    package static func utf16Count(ofFirst byteCount: Int, in line: ArraySlice<UInt8>) -> Int {
        var units = 0
        var i = line.startIndex
        let end = line.startIndex + min(byteCount, line.count)
        while i < end {
            let b = line[i]
            if b < 0x80 {
                units += 1
            } else if b & 0xC0 != 0x80 {
                units += b >= 0xF0 ? 2 : 1
            }
            i += 1
        }
        return units
    }

    /// The byte offset within `line` at which UTF-16 offset `units` falls; past the end is the
    /// line's length, inside a surrogate pair is the start of its character.
    package static func byteOffset(ofUTF16 units: Int, in line: ArraySlice<UInt8>) -> Int {
        var counted = 0
        var i = line.startIndex
        while i < line.endIndex {
            let b = line[i]
            let width = b >= 0xF0 ? 2 : 1
            if counted + width > units { break }
            counted += width
            i += 1
            // Skip the character's continuation bytes.
            while i < line.endIndex, line[i] & 0xC0 == 0x80 { i += 1 }
        }
        return i - line.startIndex
    }
}
