import KeychainLintRules
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
    /// `Class` start like most identifiers; with their lengths, about one identifier in twenty
    /// is hashed instead of nearly all (measured on 41 MB of real Swift: the search took 14% of
    /// a run).
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

    private func containsPlainName(_ hay: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !names.isEmpty else { return false }
        return Self.identifierBytes.withUnsafeBufferPointer { isIdentifier in
            lengthsByFirstByte.withUnsafeBufferPointer { lengths in
                let n = hay.count
                var i = 0
                while i < n {
                    // Most bytes outside identifiers are spaces and punctuation: one table test each.
                    guard isIdentifier[Int(hay[i])] else {
                        i &+= 1
                        continue
                    }
                    let start = i
                    i &+= 1
                    while i < n && isIdentifier[Int(hay[i])] { i &+= 1 }
                    if lengths[Int(hay[start])] & Self.lengthBit(i &- start) != 0 && contains(hay[start..<i]) { return true }
                }
                return false
            }
        }
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

    private static let identifierBytes: [Bool] = (0...255).map { isIdentifierByte(UInt8($0)) }
}
