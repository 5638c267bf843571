/// The helpers of every ASCII fast path. In ASCII every byte is one `Character`, so work on the
/// UTF-8 bytes gives exactly what the `String` algorithm it stands in for gives, without grapheme
/// breaking, bridging or Foundation's search (thousands of instructions per call). Each fast path
/// runs only when `bytes(of:)` says the text is ASCII and falls back to its `String` reference
/// otherwise; the tests check every one against its reference on random text (`ASCIIFastPathTests`).
///
/// The fast paths: `ASCIIText.contains` (`StringValue.knownPartsContain`), `LineText.normalisedASCII`,
/// `Paths.normalised` and `Paths.parent`, `WebAddress.host` and `WebAddress.isHostName`, and
/// `CodeView.identifier(_:hasPrefix:)`.
@usableFromInline package enum ASCIIText {
    /// Whether every byte is ASCII.
    @inlinable
    package static func isASCII<Bytes: Sequence>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        bytes.allSatisfy { $0 < 0x80 }
    }

    /// Whether every byte of `text`'s UTF-8 is ASCII.
    package static func isASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isASCII($0) }
    }

    /// `body` on the UTF-8 bytes of `text` when they are all ASCII; nil otherwise: the gate of
    /// every fast path (the caller falls back to its `String` algorithm on nil).
    package static func withBytes<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        var text = text
        return text.withUTF8 { bytes in isASCII(bytes) ? body(bytes) : nil }
    }

    /// `A`–`Z` made lower case; every other byte as it is (what `lowercased()` does to ASCII).
    @inlinable
    package static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    /// A byte that can be part of a Swift identifier: an ASCII letter, digit or `_`, or any byte
    /// of a multi-byte UTF-8 sequence (a non-ASCII letter; the byte level cannot tell which).
    @inlinable
    package static func isIdentifierByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z"))
    }

    /// Whether `text` contains `needle`, as `String.contains` decides; nil when either is not
    /// ASCII or `needle` is empty (Foundation's rules for those stay the caller's).
    package static func contains(_ needle: String, in text: String) -> Bool? {
        var needle = needle
        return needle.withUTF8 { wanted in
            guard !wanted.isEmpty, isASCII(wanted) else { return nil }
            return withBytes(of: text) { ByteSearch.firstOffset(of: wanted, in: $0) != nil }
        }
    }
}
