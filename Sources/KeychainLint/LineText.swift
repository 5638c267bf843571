import KeychainLintSyntax
import KeychainLintSupport

/// The text of a finding's line, normalised so that re-indenting or re-spacing the line does not
/// change it: whitespace trimmed at both ends and each internal run collapsed to one space.
/// Baselines match findings by it, and SARIF fingerprints hash it, instead of the line number,
/// so both survive edits above the finding.
package enum LineText {
    package static func normalised<S: Sequence>(_ line: S) -> String where S.Element == Character {
        var out = ""
        var pendingSpace = false
        for c in line {
            if c == " " || c == "\t" || c == "\u{0B}" || c == "\u{0C}" {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.append(" ") }
            pendingSpace = false
            out.append(c)
        }
        return out
    }

    /// `normalised` for an ASCII line, byte by byte: the same result without grapheme breaking
    /// (in ASCII every byte is one Character; CRLF cannot occur inside a line).
    package static func normalisedASCII(_ line: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(line.count)
        var pendingSpace = false
        for b in line {
            if b == 0x20 || b == 0x09 || b == 0x0B || b == 0x0C {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.append(0x20) }
            pendingSpace = false
            out.append(b)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The normalised text of each line in `numbers` (1-based) of a file's bytes. Lines end as the
    /// tokenizer's do (`\n`, `\r\n`, a lone `\r`); a number past the end is left out.
    package static func lines(_ numbers: Set<Int>, in bytes: [UInt8]) -> [Int: String] {
        guard !numbers.isEmpty else { return [:] }
        return lines(numbers, in: bytes, lineStarts: LineMap(bytes).lineStarts)
    }

    /// `lines(_:in:)` for a file whose `LineMap` was already built (the lint's own): `starts` must be
    /// that map's `lineStarts` for these bytes. Saves a scan of the whole file for a few lines.
    package static func lines(_ numbers: Set<Int>, in bytes: [UInt8], lineStarts starts: [Int]) -> [Int: String] {
        guard !numbers.isEmpty else { return [:] }
        var texts: [Int: String] = [:]
        for n in numbers where n >= 1 && n <= starts.count {
            var end = n < starts.count ? starts[n] : bytes.count
            while end > starts[n - 1] && (bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D) { end -= 1 }
            let line = bytes[starts[n - 1]..<end]
            texts[n] = ASCIIText.isASCII(line) ? normalisedASCII(line) : normalised(String(decoding: line, as: UTF8.self))
        }
        return texts
    }
}
