import KeychainLintModel
import KeychainLintSupport

/// The lines of an `.xcconfig` file that matter: assignments and includes.
///
/// Syntax, as Xcode reads it: `NAME = value` (the value runs to the end of the line, spaces
/// around it trimmed, a final `;` dropped), `NAME[sdk=iphoneos*][config=Debug] = value`,
/// `#include "Other.xcconfig"` (relative to the including file) and `#include? "…"` (no error
/// when missing), `//` comments, which start anywhere on a line, even inside a value (a URL is
/// written `https:/$()/…` for that reason). Any other line is ignored, never an error.
package enum XcconfigReader {
    package enum Line: Equatable, Sendable {
        /// `condition` is the bracketed part as written (`[sdk=macosx*]`), "" when there is none.
        case assignment(name: String, condition: String, value: String, line: Int)
        case include(path: String, optional: Bool, line: Int)
    }

    package static func lines(_ bytes: [UInt8]) -> [Line] {
        var result: [Line] = []
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var number = 1
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            if let line = line(bytes[start..<end], number: number) { result.append(line) }
            start = end + 1
            number += 1
        }
        return result
    }

    private static func line(_ raw: ArraySlice<UInt8>, number: Int) -> Line? {
        var text = raw
        if let comment = commentStart(text) { text = text[..<comment] }
        text = trimmed(text)
        guard let first = text.first else { return nil }
        if first == UInt8(ascii: "#") { return include(text, number: number) }
        var k = text.startIndex
        while k < text.endIndex, ASCIIText.isIdentifierByte(text[k]) { k += 1 }
        let name = text[text.startIndex..<k]
        guard BuildValue.isName(name) else { return nil }
        let conditionStart = k
        while true {
            var next = k
            while next < text.endIndex, text[next] == 0x20 || text[next] == 0x09 { next += 1 }
            guard next < text.endIndex, text[next] == UInt8(ascii: "[") else { break }
            guard let close = text[next...].firstIndex(of: UInt8(ascii: "]")) else { return nil }
            k = close + 1
        }
        let condition = text[conditionStart..<k].filter { $0 != 0x20 && $0 != 0x09 }
        var rest = trimmed(text[k...])
        guard rest.first == UInt8(ascii: "=") else { return nil }
        rest = trimmed(rest.dropFirst())
        if rest.last == UInt8(ascii: ";") { rest = trimmed(rest.dropLast()) }
        return .assignment(name: string(name), condition: string(condition[...]), value: string(rest), line: number)
    }

    /// `#include "path"` / `#include? "path"`; other directives are ignored.
    private static func include(_ text: ArraySlice<UInt8>, number: Int) -> Line? {
        let directive = Array("#include".utf8)
        guard text.starts(with: directive) else { return nil }
        var rest = text.dropFirst(directive.count)
        let optional = rest.first == UInt8(ascii: "?")
        if optional { rest = rest.dropFirst() }
        rest = trimmed(rest)
        guard rest.count >= 2, rest.first == UInt8(ascii: "\""), let close = rest.dropFirst().firstIndex(of: UInt8(ascii: "\"")),
              close > rest.startIndex + 1 else { return nil }
        return .include(path: string(rest[(rest.startIndex + 1)..<close]), optional: optional, line: number)
    }

    /// Where a `//` comment starts on the line.
    private static func commentStart(_ text: ArraySlice<UInt8>) -> Int? {
        var k = text.startIndex
        while k + 1 < text.endIndex {
            if text[k] == UInt8(ascii: "/"), text[k + 1] == UInt8(ascii: "/") { return k }
            k += 1
        }
        return nil
    }

    private static func trimmed(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var text = text
        while let b = text.first, b == 0x20 || b == 0x09 || b == 0x0D { text = text.dropFirst() }
        while let b = text.last, b == 0x20 || b == 0x09 || b == 0x0D { text = text.dropLast() }
        return text
    }

    private static func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
}
