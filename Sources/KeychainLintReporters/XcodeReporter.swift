import KeychainLint
import KeychainLintSupport

/// `path:line:column: error|warning: message [rule-id]`, one finding per line: the format
/// Xcode, swiftc and most editors turn into clickable diagnostics. Nothing else is printed.
package struct XcodeReporter: Reporter {
    package static let name = "xcode"
    package static let summary = "path:line:column: severity: message [rule-id] (default)"

    package init() {}

    /// Written as UTF-8 bytes into one buffer: a run can report thousands of findings, and
    /// interpolating a line per finding then appending it costs several string copies each.
    package func report(_ result: LintResult) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(result.findings.count * 192)
        for f in result.findings {
            out.append(contentsOf: Self.oneLine(f.path).utf8)
            out.append(UInt8(ascii: ":"))
            out.append(contentsOf: String(f.line).utf8)
            out.append(UInt8(ascii: ":"))
            out.append(contentsOf: String(f.column).utf8)
            out.append(UInt8(ascii: ":"))
            out.append(UInt8(ascii: " "))
            out.append(contentsOf: f.severity.rawValue.utf8)
            out.append(UInt8(ascii: ":"))
            out.append(UInt8(ascii: " "))
            out.append(contentsOf: Self.oneLine(f.message).utf8)
            out.append(UInt8(ascii: " "))
            out.append(UInt8(ascii: "["))
            out.append(contentsOf: f.ruleID.utf8)
            out.append(UInt8(ascii: "]"))
            out.append(UInt8(ascii: "\n"))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The format is line-oriented: a line break inside a message (or a path: file names may hold
    /// one) would start a bogus diagnostic.
    static func oneLine(_ s: String) -> String {
        guard hasLineBreak(s) else { return s }
        var out = ""
        var lastWasCR = false
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\r": out += " "; lastWasCR = true; continue
            case "\n": if !lastWasCR { out += " " }
            default: out.unicodeScalars.append(scalar)
            }
            lastWasCR = false
        }
        return out
    }

    /// Whether `s` holds a `\n` or `\r`; at `memchr` speed on the string's contiguous bytes when it has them.
    static func hasLineBreak(_ s: String) -> Bool {
        let contiguous = s.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            ByteSearch.offset(of: 0x0A, in: bytes) != nil || ByteSearch.offset(of: 0x0D, in: bytes) != nil
        }
        return contiguous ?? s.utf8.contains { $0 == 0x0A || $0 == 0x0D }
    }
}
