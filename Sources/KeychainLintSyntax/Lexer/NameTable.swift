import KeychainLintSupport

/// Identifier spellings interned to small integers, one table per file.
///
/// The model's name tables (visible variables, the names that can matter to a keychain
/// dictionary) are arrays indexed by id: a spelling is hashed once when the file is read,
/// instead of being made into a `String` and hashed again at every lookup.
///
/// Built by a `NameInterner` (a value the lexer's sink owns) and then frozen: a class's stored
/// `var`s are checked for exclusive access at run time on every use, which interning once per
/// identifier of every file would pay millions of times; `let`s are not.
package final class NameTable: @unchecked Sendable {
    private let storage: NameInterner
    package let count: Int

    init(_ interner: NameInterner) {
        storage = interner
        count = interner.count
    }

    deinit { storage.deallocate() }

    @inline(__always) package func start(_ id: Int32) -> Int { Int(storage.starts[Int(id)]) }
    @inline(__always) package func end(_ id: Int32) -> Int { Int(storage.ends[Int(id)]) }

    /// The id of `name` if the file spells it anywhere, found without interning it.
    package func id(of name: String, in file: UnsafeBufferPointer<UInt8>) -> Int32? {
        var name = name
        guard let fileBase = file.baseAddress else { return nil }
        return name.withUTF8 { p in
            guard let base = p.baseAddress else { return nil }
            let first = NameInterner.word(base, 0, p.count, readable: p.count)
            let h = NameInterner.hash(base, p.count, first: first, readable: p.count)
            return storage.find(base, p.count, hash: h, first: first, readable: p.count, in: fileBase, fileCount: file.count).id
        }
    }
}

/// The table while the file is lexed. Storage is raw memory: interning runs once per
/// identifier, and array appends there cost a uniqueness check each.
///
/// Each name's first eight bytes are kept as one word beside its range, so the usual lookup
/// (a name of at most eight bytes seen before) is a hash, a probe and two word compares, with
/// no read of the earlier occurrence's bytes.
struct NameInterner {
    /// Byte range of each id's first occurrence.
    let starts: UnsafeMutablePointer<Int32>
    let ends: UnsafeMutablePointer<Int32>
    /// Each id's first (up to) eight bytes, little-endian, zero above its length.
    private let firstWords: UnsafeMutablePointer<UInt64>
    private let capacity: Int
    private(set) var count = 0
    /// Open addressing, kept at most half full: the hash's high half and id + 1 per slot, 0 when
    /// empty, so a probe compares names only when the hashes agree.
    private var slots: UnsafeMutablePointer<UInt64>
    private var mask: Int

    /// `maxNames`: at most this many ids.
    init(maxNames: Int, expectedNames: Int) {
        capacity = max(1, maxNames)
        starts = .allocate(capacity: capacity)
        ends = .allocate(capacity: capacity)
        firstWords = .allocate(capacity: capacity)
        var size = 64
        while size < expectedNames * 2 { size <<= 1 }
        slots = .allocate(capacity: size)
        slots.initialize(repeating: 0, count: size)
        mask = size - 1
    }

    /// Called once, by the `NameTable` that took the storage over.
    func deallocate() {
        starts.deallocate()
        ends.deallocate()
        firstWords.deallocate()
        slots.deallocate()
    }

    /// Eight bytes per multiply, the last one to eight zero-padded, then folded. `first` is
    /// `word(base, 0, length)`; `readable`: bytes from `base` that may be read (at least `length`).
    @inline(__always)
    static func hash(_ base: UnsafePointer<UInt8>, _ length: Int, first: UInt64, readable: Int) -> UInt64 {
        let m: UInt64 = 0x9E37_79B9_7F4A_7C15
        var h = UInt64(truncatingIfNeeded: length) &* m
        if length <= 8 {
            h = (h ^ first) &* m
            return h ^ (h >> 29)
        }
        let raw = UnsafeRawPointer(base)
        var k = 0
        while k &+ 8 < length {
            h = (h ^ raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)) &* m
            h ^= h >> 31
            k &+= 8
        }
        h = (h ^ word(base, k, length, readable: readable)) &* m
        return h ^ (h >> 29)
    }

    /// Bytes `k..<min(end, k + 8)` as a little-endian word, zero above; 0 when `k >= end`.
    /// With eight bytes readable from `k`, one load.
    @inline(__always)
    static func word(_ base: UnsafePointer<UInt8>, _ k: Int, _ end: Int, readable: Int) -> UInt64 {
        let count = min(end &- k, 8)
        guard count > 0 else { return 0 }
        if k &+ 8 <= readable {
            let w = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: k, as: UInt64.self))
            return w & (UInt64.max &>> UInt64(truncatingIfNeeded: 64 &- 8 &* count)) // a shift of 0...56
        }
        var w: UInt64 = 0
        var shift: UInt64 = 0
        var j = k
        while j < k &+ count {
            w |= UInt64(base[j]) << shift
            shift &+= 8
            j &+= 1
        }
        return w
    }

    /// `base[0..<length]`'s id, or the empty slot where it would go. `readable`: bytes from
    /// `base` that may be read; stored names are ranges of `file`.
    @inline(__always)
    func find(_ base: UnsafePointer<UInt8>, _ length: Int, hash: UInt64, first: UInt64, readable: Int,
              in file: UnsafePointer<UInt8>, fileCount: Int) -> (slot: Int, id: Int32?) {
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return (slot, nil) }
            if entry & 0xFFFF_FFFF_0000_0000 == tag {
                let id = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) &- 1
                if firstWords[id] == first {
                    let s = Int(starts[id])
                    if Int(ends[id]) &- s == length
                        && (length <= 8 || memcmp(file + s + 8, base + 8, length &- 8) == 0) {
                        return (slot, Int32(truncatingIfNeeded: id))
                    }
                }
            }
            slot = (slot &+ 1) & mask
        }
    }

    /// The id of `bytes[start..<end]`, a new one on first sight. `bytes` is the file's buffer
    /// (ids remember ranges into it).
    @inline(__always)
    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int32 {
        let base = bytes.baseAddress! + start
        let length = end &- start
        let readable = bytes.count &- start
        let first = Self.word(base, 0, length, readable: readable)
        let h = Self.hash(base, length, first: first, readable: readable)
        let found = find(base, length, hash: h, first: first, readable: readable,
                         in: bytes.baseAddress!, fileCount: bytes.count)
        if let id = found.id { return id }
        precondition(count < capacity, "more names than tokens")
        slots[found.slot] = (h & 0xFFFF_FFFF_0000_0000) | UInt64(truncatingIfNeeded: count &+ 1)
        starts[count] = Int32(truncatingIfNeeded: start)
        ends[count] = Int32(truncatingIfNeeded: end)
        firstWords[count] = first
        let id = Int32(truncatingIfNeeded: count)
        count &+= 1
        if count &* 2 > mask &+ 1 { grow(bytes) }
        return id
    }

    /// Doubles the slots and puts every id back, its hash made again from its bytes in `bytes`.
    private mutating func grow(_ bytes: UnsafeBufferPointer<UInt8>) {
        let size = (mask + 1) * 2
        slots.deallocate()
        slots = .allocate(capacity: size)
        slots.initialize(repeating: 0, count: size)
        mask = size - 1
        for id in 0..<count {
            let s = Int(starts[id])
            let h = Self.hash(bytes.baseAddress! + s, Int(ends[id]) &- s, first: firstWords[id], readable: bytes.count &- s)
            var slot = Int(truncatingIfNeeded: h) & mask
            while slots[slot] != 0 { slot = (slot &+ 1) & mask }
            slots[slot] = (h & 0xFFFF_FFFF_0000_0000) | UInt64(truncatingIfNeeded: id &+ 1)
        }
    }
}
