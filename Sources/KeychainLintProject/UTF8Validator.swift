/// Strict UTF-8 validation (no overlong forms, no surrogates, nothing above U+10FFFF) in one
/// pass, eight ASCII bytes at a time. A byte-order mark is valid UTF-8 and is accepted.
package enum UTF8Validator {
    package static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { isValid($0) }
    }

    package static func isValid(_ buf: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = buf.baseAddress else { return true }
        let n = buf.count
        var i = 0
        @inline(__always) func isContinuation(_ b: UInt8) -> Bool { b & 0xC0 == 0x80 }
        while i < n {
            // ASCII runs, 32 then 8 bytes at a time: almost all source is ASCII.
            if i + 32 <= n {
                let raw = UnsafeRawPointer(base + i)
                let any = raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                if any & 0x8080_8080_8080_8080 == 0 { i += 32; continue }
            }
            if i + 8 <= n {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 { i += 8; continue }
            }
            let b = base[i]
            if b < 0x80 { i += 1; continue }
            if b < 0xC2 { return false }  // stray continuation byte or overlong 2-byte form
            if b < 0xE0 {
                guard i + 1 < n, isContinuation(base[i + 1]) else { return false }
                i += 2
            } else if b < 0xF0 {
                guard i + 2 < n else { return false }
                let b1 = base[i + 1]
                guard isContinuation(b1), isContinuation(base[i + 2]) else { return false }
                if b == 0xE0 && b1 < 0xA0 { return false }  // overlong
                if b == 0xED && b1 >= 0xA0 { return false } // surrogate
                i += 3
            } else if b < 0xF5 {
                guard i + 3 < n else { return false }
                let b1 = base[i + 1]
                guard isContinuation(b1), isContinuation(base[i + 2]), isContinuation(base[i + 3]) else { return false }
                if b == 0xF0 && b1 < 0x90 { return false }  // overlong
                if b == 0xF4 && b1 >= 0x90 { return false } // above U+10FFFF
                i += 4
            } else {
                return false
            }
        }
        return true
    }
}
