/// A minimal JSON text builder. Strings are escaped so the output is valid JSON for any Swift
/// string: `"` and `\` are escaped, control characters become `\n`, `\t`, … or `\u00XX`, and
/// U+2028/U+2029 are escaped so the text is also safe to embed in JavaScript. Everything else is
/// written as UTF-8.
package struct JSONWriter {
    package private(set) var output = ""

    package init() {}

    package mutating func raw(_ text: String) { output += text }

    package mutating func string(_ s: String) {
        output += Self.quoted(s)
    }

    package static func quoted(_ s: String) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        // Fast path: copy runs of characters that need no escaping in one append.
        var needsEscape = false
        for b in s.utf8 where b < 0x20 || b == 0x22 || b == 0x5C || b == 0xE2 {
            needsEscape = true
            break
        }
        if !needsEscape {
            out += s
            out += "\""
            return out
        }
        for scalar in s.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x08: out += "\\b"
            case 0x0C: out += "\\f"
            case 0x00..<0x20, 0x2028, 0x2029:
                out += "\\u" + hex4(scalar.value)
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
        return out
    }

    private static func hex4(_ v: UInt32) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int((v >> 12) & 0xF)], digits[Int((v >> 8) & 0xF)],
                       digits[Int((v >> 4) & 0xF)], digits[Int(v & 0xF)]])
    }
}
