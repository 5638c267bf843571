/// How far a finding reaches: from its spot to the end of the token there, on its line. The one
/// place that decides it, for the language server's diagnostic ranges and the end positions of
/// JSON findings, so an editor underlines what a report says.
package enum TokenExtent {
    /// Where the token that starts at `start` ends, within `line` (one line's bytes without its
    /// line break): an identifier (a `kSec…` constant, a wrapper's argument label), a string
    /// literal, or an XML tag in an entitlements file; anything else is one character. A spot at
    /// or past the line's end, or before it, is an empty range.
    package static func end(from start: Int, in line: ArraySlice<UInt8>) -> Int {
        guard start >= line.startIndex, start < line.endIndex else { return start }
        var i = start
        let first = line[i]
        if isIdentifierByte(first) {
            while i < line.endIndex, isIdentifierByte(line[i]) { i += 1 }
            return i
        }
        let closing: UInt8? = first == UInt8(ascii: "\"") ? first : first == UInt8(ascii: "<") ? UInt8(ascii: ">") : nil
        if let closing, let close = line[(start + 1)...].firstIndex(of: closing) { return close + 1 }
        i += 1
        // One character: its continuation bytes too.
        while i < line.endIndex, line[i] & 0xC0 == 0x80 { i += 1 }
        return i
    }

    /// `end(from:in:)` for a byte offset into a whole file whose lines `lines` maps.
    package static func end(from offset: Int, in bytes: [UInt8], lines: LineMap) -> Int {
        guard offset >= 0, offset < bytes.count else { return offset }
        let starts = lines.lineStarts
        let index = lines.location(of: offset).line - 1
        var lineEnd = index + 1 < starts.count ? starts[index + 1] : bytes.count
        while lineEnd > starts[index], bytes[lineEnd - 1] == 0x0A || bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        return end(from: offset, in: bytes[starts[index]..<lineEnd])
    }

    /// Letters, digits, `_`, `$` and any non-ASCII byte (Swift identifiers may hold Unicode letters).
    private static func isIdentifierByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...:
            return true
        default:
            return false
        }
    }
}
