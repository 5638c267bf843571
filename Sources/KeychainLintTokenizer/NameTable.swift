#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

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
            let h = NameInterner.hash(base, p.count, readable: p.count)
            return storage.find(base, p.count, hash: h, readable: p.count, in: fileBase, fileCount: file.count).id
        }
    }
}

/// The table while the file is lexed. Storage is raw memory: interning runs once per
/// identifier, and array appends there cost a uniqueness check each.
struct NameInterner {
    /// Byte range of each id's first occurrence.
    let starts: UnsafeMutablePointer<Int32>
    let ends: UnsafeMutablePointer<Int32>
    private let capacity: Int
    private(set) var count = 0
    /// Open addressing, kept at most half full: the hash's high half and id + 1 per slot, 0 when
    /// empty, so a probe compares bytes only when the hashes agree.
    private var slots: UnsafeMutablePointer<UInt64>
    private var mask: Int

    /// `maxNames`: at most this many ids.
    init(maxNames: Int, expectedNames: Int) {
        capacity = max(1, maxNames)
        starts = .allocate(capacity: capacity)
        ends = .allocate(capacity: capacity)
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
        slots.deallocate()
    }

    /// Eight bytes per multiply, the last word zero-padded, then folded. `readable`: bytes from
    /// `base` that may be read (at least `length`); with eight to spare, the tail is one load.
    @inline(__always)
    static func hash(_ base: UnsafePointer<UInt8>, _ length: Int, readable: Int) -> UInt64 {
        let m: UInt64 = 0x9E37_79B9_7F4A_7C15
        var h = UInt64(truncatingIfNeeded: length) &* m
        let raw = UnsafeRawPointer(base)
        var k = 0
        while k &+ 8 <= length {
            h = (h ^ raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)) &* m
            h ^= h >> 31
            k &+= 8
        }
        if k < length {
            h = (h ^ tail(base, from: k, length, readable: readable)) &* m
        }
        return h ^ (h >> 29)
    }

    /// Bytes `k..<length` (one to eight) as a little-endian word, zero above.
    @inline(__always)
    static func tail(_ base: UnsafePointer<UInt8>, from k: Int, _ length: Int, readable: Int) -> UInt64 {
        if k &+ 8 <= readable {
            let word = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: k, as: UInt64.self))
            return word & (UInt64.max &>> UInt64(truncatingIfNeeded: 64 &- 8 &* (length &- k))) // 1...8 bytes: a shift of 0...56
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        var k = k
        while k < length {
            tail |= UInt64(base[k]) << shift
            shift += 8
            k += 1
        }
        return tail
    }

    /// Whether `a[0..<length]` and `b[0..<length]` are equal; both readable for `readable` bytes.
    /// Identifiers are short: two word compares cover nearly all, without a memcmp call.
    @inline(__always)
    static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ length: Int, readable: Int) -> Bool {
        guard length <= 16 && length &+ 8 <= readable else { return memcmp(a, b, length) == 0 }
        if length > 8 {
            let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
            if ra.loadUnaligned(as: UInt64.self) != rb.loadUnaligned(as: UInt64.self) { return false }
            return tail(a, from: 8, length, readable: readable) == tail(b, from: 8, length, readable: readable)
        }
        return tail(a, from: 0, length, readable: readable) == tail(b, from: 0, length, readable: readable)
    }

    /// `base[0..<length]`'s id, or the empty slot where it would go. Up to `readable` bytes from
    /// `base` and from every stored name's start may be read; stored names are in `file`.
    @inline(__always)
    func find(_ base: UnsafePointer<UInt8>, _ length: Int, hash: UInt64, readable: Int,
              in file: UnsafePointer<UInt8>, fileCount: Int) -> (slot: Int, id: Int32?) {
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return (slot, nil) }
            if entry & 0xFFFF_FFFF_0000_0000 == tag {
                let id = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) &- 1
                let s = Int(starts[id])
                if Int(ends[id]) &- s == length
                    && Self.equal(file + s, base, length, readable: min(readable, fileCount &- s)) {
                    return (slot, Int32(truncatingIfNeeded: id))
                }
            }
            slot = (slot &+ 1) & mask
        }
    }

    /// The id of `bytes[start..<end]`, a new one on first sight. `bytes` is the file's buffer
    /// (ids remember ranges into it).
    @inline(__always)
    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int32 {
        let base = bytes.baseAddress!
        let readable = bytes.count &- start
        let h = Self.hash(base + start, end &- start, readable: readable)
        let found = find(base + start, end &- start, hash: h, readable: readable, in: base, fileCount: bytes.count)
        if let id = found.id { return id }
        precondition(count < capacity, "more names than tokens")
        let id = Int32(truncatingIfNeeded: count)
        slots[found.slot] = (h & 0xFFFF_FFFF_0000_0000) | UInt64(truncatingIfNeeded: count &+ 1)
        starts[count] = Int32(truncatingIfNeeded: start)
        ends[count] = Int32(truncatingIfNeeded: end)
        count &+= 1
        if count &* 2 > mask &+ 1 { grow(base) }
        return id
    }

    private mutating func grow(_ file: UnsafePointer<UInt8>) {
        let size = (mask + 1) * 2
        slots.deallocate()
        slots = .allocate(capacity: size)
        slots.initialize(repeating: 0, count: size)
        mask = size - 1
        for id in 0..<count {
            let s = Int(starts[id])
            let h = Self.hash(file + s, Int(ends[id]) - s, readable: Int(ends[id]) - s)
            var slot = Int(truncatingIfNeeded: h) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = (h & 0xFFFF_FFFF_0000_0000) | UInt64(id + 1)
        }
    }
}
