import KeychainLintSupport

/// A set of names looked for as whole identifiers in a file's bytes, in one pass over the bytes
/// however many names there are.
///
/// The project's later passes ask of every file the prefilter dropped whether it names one of the
/// symbols other files declare. Searched name by name that question costs files × names; real
/// trees declare hundreds of names, and it was a third of the run on real code. Here each
/// identifier of the file is hashed once and looked up. A name with a byte that cannot be part of
/// an identifier is searched for on its own, with the same meaning (`ByteSearch.containsIdentifier`).
package struct IdentifierSet: Sendable {
    /// Open addressing on the names' hashes; each slot an index into `names` plus one, 0 when empty.
    private let slots: [Int32]
    private let names: [[UInt8]]
    /// Names that are not made of identifier bytes alone.
    private let others: [[UInt8]]
    /// For each first byte, a bit per name length (bit 63: 63 bytes or more): an identifier whose
    /// first byte and length no name has is skipped without hashing. Names like `remove` or
    /// `Class` start like most identifiers; a first byte alone let nearly every one through.
    private let lengthsByFirstByte: [UInt64]

    package init(_ names: some Sequence<String>) {
        var plain: [[UInt8]] = []
        var others: [[UInt8]] = []
        for name in names where !name.isEmpty {
            let bytes = Array(name.utf8)
            if bytes.allSatisfy(Self.isIdentifierByte) { plain.append(bytes) } else { others.append(bytes) }
        }
        var capacity = 16
        while capacity < plain.count * 2 { capacity *= 2 }
        var slots = [Int32](repeating: 0, count: capacity)
        var lengths = [UInt64](repeating: 0, count: 256)
        for (index, name) in plain.enumerated() {
            lengths[Int(name[0])] |= Self.lengthBit(name.count)
            var slot = Self.hash(name[...]) & (capacity - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Int32(index + 1)
        }
        (self.slots, self.names, self.others, self.lengthsByFirstByte) = (slots, plain, others, lengths)
    }

    package var isEmpty: Bool { names.isEmpty && others.isEmpty }

    /// Whether `bytes` hold one of the names with no identifier byte on either side.
    package func occurs(in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { hay in
            others.contains { ByteSearch.containsIdentifier($0, in: hay) } || containsPlainName(hay)
        }
    }

    /// Walks the identifiers of `hay` a block of bytes at a time: each word's identifier bytes are
    /// found with a few arithmetic steps (`identifierByteMask`), and only the places where a run
    /// of identifier bytes starts or ends are visited. A byte-at-a-time loop spent about seven
    /// cycles a byte here, mostly on mispredicted branches between identifiers and punctuation;
    /// on real code this search was the largest single cost of the project rounds.
    private func containsPlainName(_ hay: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !names.isEmpty, let base = hay.baseAddress else { return false }
        return lengthsByFirstByte.withUnsafeBufferPointer { lengths in
            /// Whether the identifier `start..<end` is one of the names.
            func isName(_ start: Int, _ end: Int) -> Bool {
                lengths[Int(base[start])] & Self.lengthBit(end &- start) != 0 && contains(hay[start..<end])
            }
            let n = hay.count
            var start = -1  // where the identifier running into the current block starts
            var i = 0
            // Up to sixty-four bytes at a time: a bit per byte says whether it is an identifier
            // byte (eight words' masks packed by `byteBits`, the last block's odd bytes one by
            // one), and only the bits where a run starts or ends are visited. Blocks with no edge
            // (inside a long identifier or a run of punctuation) cost the masks alone.
            while i < n {
                let count = min(64, n &- i)
                var inside: UInt64 = 0
                var k = 0
                while k &+ 8 <= count {
                    let word = UnsafeRawPointer(base + (i &+ k)).loadUnaligned(as: UInt64.self)
                    inside |= Self.byteBits(Self.identifierByteMask(UInt64(littleEndian: word))) << UInt64(k)
                    k &+= 8
                }
                while k < count {
                    if ASCIIText.isIdentifierByte(base[i &+ k]) { inside |= 1 << UInt64(k) }
                    k &+= 1
                }
                // A bit where a byte is in an identifier and the byte before is not, or the reverse;
                // an end just past a short last block is left to the check after the loop.
                let valid: UInt64 = count == 64 ? ~0 : (1 << UInt64(count)) &- 1
                var edges = (inside ^ (inside << 1 | (start >= 0 ? 1 : 0))) & valid
                while edges != 0 {
                    let at = i &+ edges.trailingZeroBitCount
                    if start < 0 {
                        start = at
                    } else {
                        if isName(start, at) { return true }
                        start = -1
                    }
                    edges &= edges &- 1
                }
                i &+= count
            }
            return start >= 0 && isName(start, n)
        }
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Bit `j` of the result is bit 7 of byte `j` of `mask` (whose other bits are clear): the eight
    /// flags of `identifierByteMask` packed into one byte by a multiplication.
    package static func byteBits(_ mask: UInt64) -> UInt64 {
        (mask &* 0x0002_0408_1020_4081) >> 56
    }

    /// Bit 7 of each byte of the result is set when that byte of `word` is an identifier byte
    /// (`ASCIIText.isIdentifierByte`), every other bit clear. Each range test adds a constant to
    /// the byte's low seven bits so that bit 7 says "at least the range's start" (no byte carries
    /// into the next: seven bits plus at most 0x80 stay below 0x100).
    package static func identifierByteMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low = word & ~highBits
        let folded = low | (0x20 &* ones)  // 'A'...'Z' → 'a'...'z'; other bytes move where no letter is
        let letter = (folded &+ (0x80 - 0x61) &* ones) & ~(folded &+ (0x7F - 0x7A) &* ones)
        let digit = (low &+ (0x80 - 0x30) &* ones) & ~(low &+ (0x7F - 0x39) &* ones)
        let underscore = (low &+ (0x80 - 0x5F) &* ones) & ~(low &+ (0x7F - 0x5F) &* ones)
        return (word | letter | digit | underscore) & highBits
    }

    private func contains(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var slot = Self.hash(word) & (slots.count - 1)
        while slots[slot] != 0 {
            if names[Int(slots[slot]) - 1].elementsEqual(word) { return true }
            slot = (slot + 1) & (slots.count - 1)
        }
        return false
    }

    private static func lengthBit(_ length: Int) -> UInt64 { 1 << UInt64(min(length, 63)) }

    /// FNV-1a: a handful of instructions a byte, and identifiers are short.
    private static func hash<C: Collection<UInt8>>(_ bytes: C) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: h >> 1)
    }

    /// The bytes `ByteSearch.containsIdentifier` treats as part of an identifier.
    private static func isIdentifierByte(_ b: UInt8) -> Bool { ASCIIText.isIdentifierByte(b) }
}
