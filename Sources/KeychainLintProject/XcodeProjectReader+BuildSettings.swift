import KeychainLintSupport

extension XcodeProjectReader {
    /// One `KEY = value;` of a `buildSettings = { … }` block.
    package struct Setting: Equatable, Sendable {
        /// As written, unquoted: the name with its conditions (`CODE_SIGN_IDENTITY[sdk=iphoneos*]`).
        package var key: String
        /// Unquoted, escapes resolved.
        package var value: String
        /// 1-based line of the key.
        package var line: Int
    }

    /// The settings of each `buildSettings = { … }` block (one per build configuration of the
    /// project or of a target), in file order. List values (`( "-ObjC", … )`) are skipped: no
    /// entitlement is built from one. A block that stops making sense keeps what was read before;
    /// reading goes on at the next block.
    package static func buildSettings(pbxproj bytes: [UInt8]) -> [[Setting]] {
        let marker = Array("buildSettings".utf8)
        var blocks: [[Setting]] = []
        var lines = LineCounter()
        var i = 0
        while let at = ByteSearch.firstOffset(of: marker, in: bytes, from: i) {
            i = at + marker.count
            guard at == 0 || !ASCIIText.isIdentifierByte(bytes[at - 1]) else { continue }
            var k = skipSpaces(bytes, i)
            guard k < bytes.count, bytes[k] == UInt8(ascii: "=") else { continue }
            k = skipSpaces(bytes, k + 1)
            guard k < bytes.count, bytes[k] == UInt8(ascii: "{") else { continue }
            let block = settingsBlock(bytes, from: k + 1, lines: &lines)
            blocks.append(block.settings)
            i = max(i, block.end)
        }
        return blocks
    }

    /// Reads `KEY = value;` entries from `start` up to the block's `}`: the settings and where reading stopped.
    private static func settingsBlock(_ bytes: [UInt8], from start: Int, lines: inout LineCounter) -> (settings: [Setting], end: Int) {
        var settings: [Setting] = []
        var k = start
        while true {
            k = skipSpacesAndComments(bytes, k)
            guard k < bytes.count, bytes[k] != UInt8(ascii: "}") else { return (settings, min(k + 1, bytes.count)) }
            guard let key = key(bytes, at: k), let value = assignedValue(bytes, afterKey: key.end), isWhole(value, in: bytes) else {
                return (settings, k)
            }
            var end = value.end
            if !value.quoted, let first = value.text.first.map({ bytes[$0] }), first == UInt8(ascii: "(") || first == UInt8(ascii: "{") {
                guard let close = closingBracket(bytes, at: value.text.lowerBound) else { return (settings, value.text.lowerBound) }
                end = close + 1
            } else {
                let text = bytes[value.text]
                settings.append(Setting(key: key.text, value: value.quoted ? unescaped(text) : String(decoding: text, as: UTF8.self),
                                        line: lines.line(of: k, in: bytes)))
            }
            k = skipSpacesAndComments(bytes, end)
            guard k < bytes.count, bytes[k] == UInt8(ascii: ";") else { return (settings, k) }
            k += 1
        }
    }

    /// A quoted value with its closing quote, or an unquoted one that is not empty or a `}`.
    private static func isWhole(_ value: (text: Range<Int>, quoted: Bool, end: Int), in bytes: [UInt8]) -> Bool {
        if value.quoted { return value.text.upperBound < bytes.count && bytes[value.text.upperBound] == UInt8(ascii: "\"") }
        return !value.text.isEmpty && bytes[value.text.lowerBound] != UInt8(ascii: "}")
    }

    /// A key at `k`: `"quoted"` or a run of bytes up to a space, `=` or `;`.
    private static func key(_ bytes: [UInt8], at k: Int) -> (text: String, end: Int)? {
        if bytes[k] == UInt8(ascii: "\"") {
            var end = k + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard end < bytes.count else { return nil }
            return (unescaped(bytes[(k + 1)..<end]), end + 1)
        }
        var end = k
        while end < bytes.count, !isSpace(bytes[end]), ![UInt8(ascii: "="), UInt8(ascii: ";"), UInt8(ascii: "}")].contains(bytes[end]) {
            end += 1
        }
        return end == k ? nil : (String(decoding: bytes[k..<end], as: UTF8.self), end)
    }

    /// The `)` or `}` closing the bracket at `open`, over nested brackets of its kind and quoted strings.
    private static func closingBracket(_ bytes: [UInt8], at open: Int) -> Int? {
        let opening = bytes[open]
        let closing = opening == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}")
        var depth = 0
        var k = open
        while k < bytes.count {
            switch bytes[k] {
            case opening: depth += 1
            case closing:
                depth -= 1
                if depth == 0 { return k }
            case UInt8(ascii: "\""):
                k += 1
                while k < bytes.count, bytes[k] != UInt8(ascii: "\"") { k += bytes[k] == UInt8(ascii: "\\") ? 2 : 1 }
            default: break
            }
            k += 1
        }
        return nil
    }

    /// Spaces, `/* … */` and `// …` comments.
    private static func skipSpacesAndComments(_ bytes: [UInt8], _ start: Int) -> Int {
        var k = skipSpaces(bytes, start)
        while k + 1 < bytes.count, bytes[k] == UInt8(ascii: "/") {
            if bytes[k + 1] == UInt8(ascii: "*") {
                k = ByteSearch.firstOffset(of: Array("*/".utf8), in: bytes, from: k + 2).map { $0 + 2 } ?? bytes.count
            } else if bytes[k + 1] == UInt8(ascii: "/") {
                while k < bytes.count, bytes[k] != 0x0A { k += 1 }
            } else {
                break
            }
            k = skipSpaces(bytes, k)
        }
        return k
    }

    /// A quoted string's text with `\"`, `\\`, `\n` and `\t` resolved.
    private static func unescaped(_ text: ArraySlice<UInt8>) -> String {
        guard text.contains(UInt8(ascii: "\\")) else { return String(decoding: text, as: UTF8.self) }
        var out: [UInt8] = []
        var k = text.startIndex
        while k < text.endIndex {
            if text[k] == UInt8(ascii: "\\"), k + 1 < text.endIndex {
                let next = text[k + 1]
                out.append(next == UInt8(ascii: "n") ? 0x0A : next == UInt8(ascii: "t") ? 0x09 : next)
                k += 2
            } else {
                out.append(text[k])
                k += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Line numbers of increasing offsets, counted once over the file.
    struct LineCounter {
        private var offset = 0
        private var line = 1

        mutating func line(of target: Int, in bytes: [UInt8]) -> Int {
            while offset < target { if bytes[offset] == 0x0A { line += 1 }; offset += 1 }
            return line
        }
    }
}
