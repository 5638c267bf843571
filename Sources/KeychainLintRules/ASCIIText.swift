import KeychainLintModel

/// Text tests on UTF-8 bytes for the common case of ASCII text. In ASCII every byte is one
/// Character (the needles here hold no `\r` or `\n`, the only pair that forms one), so a byte
/// match is exactly the match a `String` search finds; that search goes through Foundation and
/// cost rules thousands of instructions per string. Non-ASCII text keeps the `String` search.
enum ASCIIText {
    /// Whether `text` contains `needle`, or nil when `text` is not ASCII. `needle` must be ASCII.
    static func contains(_ needle: StaticString, in text: String) -> Bool? {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return needle.withUTF8Buffer { find($0, in: bytes) != nil }
        }
    }

    /// The offset of the first occurrence of `needle` in `bytes`.
    static func find(_ needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
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

extension StringValue {
    /// `knownPartsContain(needle)`, on bytes for the parts that are ASCII (`ASCIIText`).
    func knownPartsContainASCII(_ needle: StaticString) -> Bool {
        var hasOtherText = false
        for case .text(let t) in parts {
            switch ASCIIText.contains(needle, in: t) {
            case true?: return true
            case false?: continue
            case nil: hasOtherText = true
            }
        }
        return hasOtherText && knownPartsContain(needle.description)
    }
}
