/// A sound byte-level filter: a file that contains none of the literals can produce no finding.
/// Scans with `memchr`-style first-byte search, so files without keychain code are dropped cheaply.
struct Prefilter: Sendable {
    private let needles: [[UInt8]]

    init(literals: [String]) {
        var unique: [[UInt8]] = []
        for literal in Set(literals).sorted() where !literal.isEmpty {
            unique.append(Array(literal.utf8))
        }
        // A needle that contains another is redundant: the shorter one matches first.
        needles = unique.filter { n in !unique.contains { $0 != n && Self.contains($0, in: n) } }
    }

    func matches(_ bytes: [UInt8]) -> Bool {
        if needles.isEmpty { return false }
        return bytes.withUnsafeBufferPointer { buf in needles.contains { Self.contains($0, in: buf) } }
    }

    private static func contains(_ needle: [UInt8], in hay: [UInt8]) -> Bool {
        hay.withUnsafeBufferPointer { contains(needle, in: $0) }
    }

    private static func contains(_ needle: [UInt8], in hay: UnsafeBufferPointer<UInt8>) -> Bool {
        find(needle, in: hay) { _ in true }
    }

    /// Whether `needle` occurs in `hay` with no identifier character on either side.
    static func containsIdentifier(_ needle: [UInt8], in hay: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = needle.count
        return find(needle, in: hay) { at in
            (at == 0 || !isIdentifierByte(hay[at - 1])) && (at + n == hay.count || !isIdentifierByte(hay[at + n]))
        }
    }

    @inline(__always) private static func isIdentifierByte(_ b: UInt8) -> Bool {
        b >= 0x80 || b == UInt8(ascii: "_") || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
            || ((b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z"))
    }

    /// Calls `accept` with each occurrence's start until it returns true.
    private static func find(_ needle: [UInt8], in hay: UnsafeBufferPointer<UInt8>, accept: (Int) -> Bool) -> Bool {
        let n = needle.count
        guard n > 0, hay.count >= n, let base = hay.baseAddress else { return false }
        let first = needle[0]
        var i = 0
        let last = hay.count - n
        while i <= last {
            guard let p = memchr(base + i, Int32(first), last - i + 1) else { return false }
            let at = base.distance(to: p.assumingMemoryBound(to: UInt8.self))
            var j = 1
            while j < n && hay[at + j] == needle[j] { j += 1 }
            if j == n && accept(at) { return true }
            i = at + 1
        }
        return false
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
