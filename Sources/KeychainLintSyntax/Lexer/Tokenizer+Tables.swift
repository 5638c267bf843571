// Byte classes, keyword recognition and UTF-8 validation for the tokenizer.

/// Bit flags per byte value, looked up once per byte in the hot loops.
enum ByteClass {
    /// `A`–`Z`, `a`–`z`, `_`: may start an identifier.
    static var identHead: UInt8 { 1 << 0 }
    /// An identifier head, a digit or `$`: may continue an identifier.
    static var identBody: UInt8 { 1 << 1 }
    static var digit: UInt8 { 1 << 2 }
    static var hexDigit: UInt8 { 1 << 3 }
    /// `/ = - + ! * % < > & | ^ ~ ?` (`.` is handled separately).
    static var operatorChar: UInt8 { 1 << 4 }
    /// Space, tab, vertical tab, form feed, NUL.
    static var space: UInt8 { 1 << 5 }
    /// `"`, `\`, `\n`, `\r`: the only bytes a string body stops at.
    static var stringSpecial: UInt8 { 1 << 6 }
    /// Control characters that start no token (not whitespace, not line breaks).
    static var control: UInt8 { 1 << 7 }

    /// `identHead | digit`: what trails a number literal.
    static var alphanumeric: UInt8 { identHead | digit }

    static let table: [UInt8] = {
        var t = [UInt8](repeating: 0, count: 256)
        for b in UInt8(ascii: "a")...UInt8(ascii: "z") { t[Int(b)] |= identHead | identBody }
        for b in UInt8(ascii: "A")...UInt8(ascii: "Z") { t[Int(b)] |= identHead | identBody }
        t[Int(UInt8(ascii: "_"))] |= identHead | identBody
        t[Int(UInt8(ascii: "$"))] |= identBody
        for b in UInt8(ascii: "0")...UInt8(ascii: "9") { t[Int(b)] |= digit | hexDigit | identBody }
        for b in UInt8(ascii: "a")...UInt8(ascii: "f") { t[Int(b)] |= hexDigit }
        for b in UInt8(ascii: "A")...UInt8(ascii: "F") { t[Int(b)] |= hexDigit }
        for b in "/=-+!*%<>&|^~?".utf8 { t[Int(b)] |= operatorChar }
        for b: UInt8 in [0x20, 0x09, 0x0B, 0x0C, 0x00] { t[Int(b)] |= space }
        for b: UInt8 in [0x22, 0x5C, 0x0A, 0x0D] { t[Int(b)] |= stringSpecial }
        for b: UInt8 in 0x01...0x08 { t[Int(b)] |= control }
        for b: UInt8 in 0x0E...0x1F { t[Int(b)] |= control }
        t[0x7F] |= control
        return t
    }()
}

/// Length of the valid UTF-8 sequence of two to four bytes starting at `i`, or 0 if the
/// bytes there are not one (stray continuation, overlong, surrogate, out of range, truncated).
/// Never reads at or past `n`.
@inline(__always)
func utf8SequenceLength(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, _ n: Int) -> Int {
    let b0 = p[i]
    if b0 < 0xC2 { return 0 }
    if b0 < 0xE0 {
        return i + 1 < n && p[i + 1] & 0xC0 == 0x80 ? 2 : 0
    }
    if b0 < 0xF0 {
        guard i + 2 < n else { return 0 }
        let b1 = p[i + 1]
        let lo: UInt8 = b0 == 0xE0 ? 0xA0 : 0x80
        let hi: UInt8 = b0 == 0xED ? 0x9F : 0xBF
        return b1 >= lo && b1 <= hi && p[i + 2] & 0xC0 == 0x80 ? 3 : 0
    }
    if b0 < 0xF5 {
        guard i + 3 < n else { return 0 }
        let b1 = p[i + 1]
        let lo: UInt8 = b0 == 0xF0 ? 0x90 : 0x80
        let hi: UInt8 = b0 == 0xF4 ? 0x8F : 0xBF
        return b1 >= lo && b1 <= hi && p[i + 2] & 0xC0 == 0x80 && p[i + 3] & 0xC0 == 0x80 ? 4 : 0
    }
    return 0
}

/// Whether an identifier is a reserved word, and whether that word ends an expression
/// (`self`, `true`, `nil`, …), which decides whether a following `/` may open a regex.
enum KeywordClass {
    case none, plain, expressionEnd
}

/// Reserved words are recognised by packing the identifier's bytes little-endian into
/// one or two `UInt64`s and switching on the value: no hashing, no allocation.
/// The constants were generated from the keyword list in the tokenizer spec.
enum Keywords {
    /// Classifies the identifier `p[start..<end]`.
    @inline(__always)
    static func classify(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> KeywordClass {
        let len = end - start
        guard len >= 2 && len <= 15 else { return .none }
        // Whole words where the buffer allows (little-endian, masked to the length), else bytes.
        if start + 16 <= p.count {
            let raw = UnsafeRawPointer(p.baseAddress! + start)
            let first = raw.loadUnaligned(as: UInt64.self)
            if len <= 8 { return classifyShort(first & (UInt64.max &>> UInt64(truncatingIfNeeded: 64 &- 8 &* len))) }
            let second = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            return classifyLong(first, second & (UInt64.max &>> UInt64(truncatingIfNeeded: 128 &- 8 &* len)))
        }
        var lo: UInt64 = 0
        var k = 0
        let loCount = min(len, 8)
        while k < loCount {
            lo |= UInt64(p[start + k]) << UInt64(8 * k)
            k += 1
        }
        if len <= 8 { return classifyShort(lo) }
        var hi: UInt64 = 0
        while k < len {
            hi |= UInt64(p[start + k]) << UInt64(8 * (k - 8))
            k += 1
        }
        return classifyLong(lo, hi)
    }

    /// `(lo &* magic) >> 57` is different for each of the 48 reserved words of two to eight bytes
    /// (the multiplier was found by search), so one multiply picks the only word `lo` can be and
    /// one compare decides: a jump table instead of a binary search over 48 constants.
    @inline(__always)
    static func classifyShort(_ lo: UInt64) -> KeywordClass {
        let key: UInt64
        let word: KeywordClass
        switch (lo &* 0x523A_7184_3D75_7919) >> 57 {
        case 1: key = 0x0000000000006669; word = .plain // if
        case 3: key = 0x0000746165706572; word = .plain // repeat
        case 4: key = 0x00746C7561666564; word = .plain // default
        case 6: key = 0x726F74617265706F; word = .plain // operator
        case 9: key = 0x0000686374697773; word = .plain // switch
        case 10: key = 0x0000006B61657262; word = .plain // break
        case 14: key = 0x0000000065736163; word = .plain // case
        case 23: key = 0x000000000074656C; word = .plain // let
        case 24: key = 0x00000000006C696E; word = .expressionEnd // nil
        case 26: key = 0x000074726F706D69; word = .plain // import
        case 29: key = 0x000073776F726874; word = .plain // throws
        case 33: key = 0x0000000065736C65; word = .plain // else
        case 34: key = 0x6C6F636F746F7270; word = .plain // protocol
        case 38: key = 0x00000000666C6553; word = .expressionEnd // Self
        case 40: key = 0x0000000074696E69; word = .plain // init
        case 43: key = 0x0000000065757274; word = .expressionEnd // true
        case 44: key = 0x00000074756F6E69; word = .plain // inout
        case 49: key = 0x00000000636E7566; word = .plain // func
        case 50: key = 0x00006E7275746572; word = .plain // return
        case 51: key = 0x0000746375727473; word = .plain // struct
        case 52: key = 0x0000000000007361; word = .plain // as
        case 54: key = 0x0000007469617761; word = .plain // await
        case 57: key = 0x00000065736C6166; word = .expressionEnd // false
        case 58: key = 0x000000776F726874; word = .plain // throw
        case 59: key = 0x0000000000006F64; word = .plain // do
        case 61: key = 0x0000007373616C63; word = .plain // class
        case 62: key = 0x0000006863746163; word = .plain // catch
        case 71: key = 0x000000656C696877; word = .plain // while
        case 72: key = 0x000063696C627570; word = .plain // public
        case 73: key = 0x00000000666C6573; word = .expressionEnd // self
        case 76: key = 0x0000000000726176; word = .plain // var
        case 82: key = 0x0000000000796E41; word = .plain // Any
        case 83: key = 0x0000000000726F66; word = .plain // for
        case 84: key = 0x73776F7268746572; word = .plain // rethrows
        case 89: key = 0x0000006472617567; word = .plain // guard
        case 92: key = 0x6C616E7265746E69; word = .plain // internal
        case 93: key = 0x65756E69746E6F63; word = .plain // continue
        case 94: key = 0x000000006D756E65; word = .plain // enum
        case 103: key = 0x0065746176697270; word = .plain // private
        case 106: key = 0x000000006E65706F; word = .plain // open
        case 107: key = 0x0000000000006E69; word = .plain // in
        case 109: key = 0x0000007265707573; word = .expressionEnd // super
        case 113: key = 0x0000006572656877; word = .plain // where
        case 120: key = 0x0000000000797274; word = .plain // try
        case 121: key = 0x0000007265666564; word = .plain // defer
        case 125: key = 0x0000000000007369; word = .plain // is
        case 126: key = 0x0000636974617473; word = .plain // static
        case 127: key = 0x000074696E696564; word = .plain // deinit
        default: return .none
        }
        return lo == key ? word : .none
    }

    static func classifyLong(_ lo: UInt64, _ hi: UInt64) -> KeywordClass {
        let expected: UInt64
        switch lo {
        case 0x61696C6165707974: expected = 0x0000000000000073 // typealias
        case 0x6E65646563657270: expected = 0x0070756F72676563 // precedencegroup
        case 0x6F69736E65747865: expected = 0x000000000000006E // extension
        case 0x6F7268746C6C6166: expected = 0x0000000000686775 // fallthrough
        case 0x7069726373627573: expected = 0x0000000000000074 // subscript
        case 0x746169636F737361: expected = 0x0000657079746465 // associatedtype
        case 0x76697270656C6966: expected = 0x0000000000657461 // fileprivate
        default: return .none
        }
        return hi == expected ? .plain : .none
    }
}
