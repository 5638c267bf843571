/// Reads the escapes of a non-raw string segment: `\n`, `\t`, `\r`, `\0`, `\\`, `\"`, `\'`, `\u{…}`.
package enum StringEscapes {
    package static func unescape(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(UInt8(ascii: "\\")) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            guard b == UInt8(ascii: "\\"), i + 1 < bytes.endIndex else { out.append(b); i += 1; continue }
            let e = bytes[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "0"): out.append(0)
            case UInt8(ascii: "u"):
                var j = i
                var scalar: UInt32 = 0
                if j < bytes.endIndex && bytes[j] == UInt8(ascii: "{") {
                    j += 1
                    while j < bytes.endIndex, let digit = hexValue(bytes[j]), scalar <= 0x10FFFF {
                        scalar = scalar * 16 + digit
                        j += 1
                    }
                    if j < bytes.endIndex && bytes[j] == UInt8(ascii: "}") { j += 1 }
                }
                out.append(contentsOf: Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
                i = j
            case 0x0A, 0x0D:
                // A line continuation in a multi-line string: the break and the next line's indentation go.
                while i < bytes.endIndex && (bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D) { i += 1 }
            default:
                out.append(e)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
