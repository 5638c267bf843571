import KeychainLintSyntax
/// Text search on UTF-8 bytes for the common case of ASCII text. In ASCII every byte is one
/// Character, so a byte match is exactly the match a `String` search finds; that search goes
/// through Foundation, bridges both strings and costs thousands of instructions. Non-ASCII text
/// keeps the `String` search (callers fall back when these answer nil).
package enum ASCIIText {
    /// Whether `text` contains `needle`; nil when either is not ASCII or `needle` is empty
    /// (Foundation's rules for those stay the caller's).
    package static func contains(_ needle: String, in text: String) -> Bool? {
        var needle = needle, text = text
        return needle.withUTF8 { wanted in
            guard !wanted.isEmpty, wanted.allSatisfy({ $0 < 0x80 }) else { return nil }
            return text.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } ? find(wanted, in: bytes) != nil : nil }
        }
    }

    /// The offset of the first occurrence of `needle` in `bytes`.
    package static func find(_ needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = needle.first else { return 0 }
        guard bytes.count >= needle.count else { return nil }
        var i = 0
        while i <= bytes.count - needle.count {
            if bytes[i] == first {
                var k = 1
                while k < needle.count && bytes[i + k] == needle[k] { k += 1 }
                if k == needle.count { return i }
            }
            i += 1
        }
        return nil
    }
}
