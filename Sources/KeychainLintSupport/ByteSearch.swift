/// The one byte search: every search for a byte string in file bytes goes through here (the
/// rules' prefilter, suppression directives, build variables in strings, entitlements plists,
/// ASCII text in the model).
///
/// `memchr` finds each candidate's first byte (vectorised in the C library, many bytes per step),
/// then the rest is compared byte by byte. The functions are `@inlinable` in a `@usableFromInline`
/// type so that the caller's `accept` closure is inlined into the loop instead of called once per
/// candidate from another module (what that saves: docs/PERFORMANCE.md).
@usableFromInline package enum ByteSearch {
    /// The offset of the first `byte` in `hay[from..<end]` (`end` defaults to the end of `hay`).
    @inlinable
    package static func offset(of byte: UInt8, in hay: UnsafeBufferPointer<UInt8>, from: Int = 0, to end: Int? = nil) -> Int? {
        let end = end ?? hay.count
        guard let base = hay.baseAddress, from < end else { return nil }
        guard let found = memchr(base + from, Int32(byte), end - from) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether `needle` occurs in `hay` at `offset` (false when it would run past the end).
    @inlinable
    package static func matches(_ needle: UnsafeBufferPointer<UInt8>, at offset: Int, in hay: UnsafeBufferPointer<UInt8>) -> Bool {
        guard offset >= 0, offset + needle.count <= hay.count else { return false }
        var j = 0
        while j < needle.count && hay[offset + j] == needle[j] { j += 1 }
        return j == needle.count
    }

    /// The first offset at or after `from` that holds `first`, leaves at least `length` bytes to
    /// the end of `hay`, and is accepted; candidates are offered in order.
    @inlinable
    package static func firstOffset(startingWith first: UInt8, length: Int, in hay: UnsafeBufferPointer<UInt8>,
                                    from: Int = 0, where accept: (Int) -> Bool) -> Int? {
        guard length > 0, hay.count >= length else { return nil }
        // The last offset a match can start at, plus one.
        let end = hay.count - length + 1
        var i = from
        while let at = offset(of: first, in: hay, from: i, to: end) {
            if accept(at) { return at }
            i = at + 1
        }
        return nil
    }

    /// The first offset at or after `from` where `needle` occurs and `accept` agrees;
    /// nil for an empty needle.
    @inlinable
    package static func firstOffset(of needle: UnsafeBufferPointer<UInt8>, in hay: UnsafeBufferPointer<UInt8>,
                                    from: Int = 0, where accept: (Int) -> Bool = { _ in true }) -> Int? {
        guard let first = needle.first else { return nil }
        return firstOffset(startingWith: first, length: needle.count, in: hay, from: from) { at in
            matches(needle, at: at, in: hay) && accept(at)
        }
    }

    /// `firstOffset(of:in:from:)` for arrays.
    @inlinable
    package static func firstOffset(of needle: [UInt8], in hay: [UInt8], from: Int = 0) -> Int? {
        needle.withUnsafeBufferPointer { n in hay.withUnsafeBufferPointer { firstOffset(of: n, in: $0, from: from) } }
    }

    /// `firstOffset(of:in:from:)` that finds candidates by the needle's byte at `anchor` rather
    /// than its first: for a needle whose first byte is common in source text (`typealias`, whose
    /// `t` would stop `memchr` every few bytes) and whose byte at `anchor` is rare (`y`).
    @inlinable
    package static func firstOffset(of needle: [UInt8], anchor: Int, in hay: [UInt8], from: Int = 0) -> Int? {
        guard anchor >= 0, anchor < needle.count else { return nil }
        return needle.withUnsafeBufferPointer { n in
            hay.withUnsafeBufferPointer { h in
                var i = from + anchor
                while let at = offset(of: n[anchor], in: h, from: i) {
                    if matches(n, at: at - anchor, in: h) { return at - anchor }
                    i = at + 1
                }
                return nil
            }
        }
    }

    /// Whether `needle` occurs in `hay`.
    @inlinable
    package static func contains(_ needle: [UInt8], in hay: UnsafeBufferPointer<UInt8>) -> Bool {
        needle.withUnsafeBufferPointer { firstOffset(of: $0, in: hay) != nil }
    }

    /// Whether `needle` occurs in `hay` with no identifier byte (`ASCIIText.isIdentifierByte`)
    /// right before or right after it: `Class` in `let Class = 1`, not in `Classes`.
    @inlinable
    package static func containsIdentifier(_ needle: [UInt8], in hay: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = needle.count
        return needle.withUnsafeBufferPointer { wanted in
            firstOffset(of: wanted, in: hay) { at in
                (at == 0 || !ASCIIText.isIdentifierByte(hay[at - 1]))
                    && (at + n == hay.count || !ASCIIText.isIdentifierByte(hay[at + n]))
            } != nil
        }
    }
}
