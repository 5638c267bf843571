import KeychainLintSyntax

/// A JSON value that remembers the byte offset where it starts, so configuration and baseline
/// errors can name the line and column of the offending key or value, not just the file.
///
/// Parsed here rather than with `JSONSerialization` for three reasons: every error gets a
/// position (Foundation gives a character index only for syntax errors, in wording that differs
/// between platforms), duplicate keys are caught instead of silently keeping the last, and
/// nesting depth is bounded so a hostile file cannot exhaust the stack.
struct JSONValue {
    enum Kind {
        /// Members in file order.
        case object([Member])
        case array([JSONValue])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    struct Member {
        var key: String
        var keyOffset: Int
        var value: JSONValue
    }

    var kind: Kind
    var offset: Int

    /// What the value is, for "expected a string, got an array" messages.
    var typeName: String {
        switch kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

/// A syntax error at a byte offset.
struct JSONSyntaxError: Error {
    var offset: Int
    var reason: String
}

/// A strict RFC 8259 parser over UTF-8 bytes (a leading byte-order mark is allowed).
struct JSONParser {
    static let maximumDepth = 64

    private let bytes: [UInt8]
    private var i = 0

    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.i = 3 }
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.i == bytes.count else { throw JSONSyntaxError(offset: parser.i, reason: "unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func skipWhitespace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
    }

    private func fail(_ reason: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? i, reason: reason)
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        guard i < bytes.count else { throw fail("unexpected end of file, expected a value") }
        let start = i
        switch bytes[i] {
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw fail("nested more than \(Self.maximumDepth) levels deep") }
            return JSONValue(kind: .object(try members(depth: depth)), offset: start)
        case UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { throw fail("nested more than \(Self.maximumDepth) levels deep") }
            return JSONValue(kind: .array(try elements(depth: depth)), offset: start)
        case UInt8(ascii: "\""):
            return JSONValue(kind: .string(try string()), offset: start)
        case UInt8(ascii: "t"):
            try literal("true")
            return JSONValue(kind: .bool(true), offset: start)
        case UInt8(ascii: "f"):
            try literal("false")
            return JSONValue(kind: .bool(false), offset: start)
        case UInt8(ascii: "n"):
            try literal("null")
            return JSONValue(kind: .null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(kind: .number(try number()), offset: start)
        default:
            throw fail("unexpected character, expected a value")
        }
    }

    private mutating func members(depth: Int) throws(JSONSyntaxError) -> [JSONValue.Member] {
        i += 1  // {
        var members: [JSONValue.Member] = []
        var seen = Set<String>()
        skipWhitespace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "}") { i += 1; return members }
        while true {
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a quoted key") }
            let keyOffset = i
            let key = try string()
            guard seen.insert(key).inserted else { throw fail("duplicate key '\(key)'", at: keyOffset) }
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':' after the key") }
            i += 1
            members.append(JSONValue.Member(key: key, keyOffset: keyOffset, value: try value(depth: depth + 1)))
            skipWhitespace()
            guard i < bytes.count else { throw fail("unexpected end of file, expected ',' or '}'") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return members }
            throw fail("expected ',' or '}'")
        }
    }

    private mutating func elements(depth: Int) throws(JSONSyntaxError) -> [JSONValue] {
        i += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "]") { i += 1; return elements }
        while true {
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            guard i < bytes.count else { throw fail("unexpected end of file, expected ',' or ']'") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return elements }
            throw fail("expected ',' or ']'")
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else { throw fail("unexpected character, expected a value") }
        i += w.count
    }

    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = i
        func digits() -> Int {
            let s = i
            while i < bytes.count, bytes[i] >= 0x30 && bytes[i] <= 0x39 { i += 1 }
            return i - s
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        let intStart = i
        guard digits() > 0 else { throw fail("malformed number", at: start) }
        if bytes[intStart] == UInt8(ascii: "0") && i - intStart > 1 { throw fail("a number cannot start with 0", at: start) }
        if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw fail("malformed number", at: start) }
        }
        if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            i += 1
            if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            guard digits() > 0 else { throw fail("malformed number", at: start) }
        }
        return Double(String(decoding: bytes[start..<i], as: UTF8.self)) ?? .nan
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        let start = i
        i += 1  // "
        var scalars = String.UnicodeScalarView()
        var runStart = i
        func flush(_ end: Int) throws(JSONSyntaxError) {
            guard runStart < end else { return }
            guard let text = String(validating: bytes[runStart..<end], as: UTF8.self) else { throw fail("invalid UTF-8 in a string", at: runStart) }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard i < bytes.count else { throw fail("unterminated string", at: start) }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                try flush(i)
                i += 1
                return String(scalars)
            }
            if b < 0x20 { throw fail("control character in a string (escape it)") }
            if b != UInt8(ascii: "\\") { i += 1; continue }
            try flush(i)
            guard i + 1 < bytes.count else { throw fail("unterminated string", at: start) }
            let escape = bytes[i + 1]
            i += 2
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var value = try hex4()
                if (0xD800..<0xDC00).contains(value) {
                    // A high surrogate must be followed by an escaped low one.
                    guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else { throw fail("unpaired surrogate in a string") }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw fail("unpaired surrogate in a string") }
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(value) else { throw fail("unpaired surrogate in a string") }
                scalars.append(scalar)
            default:
                throw fail("invalid escape in a string", at: i - 2)
            }
            runStart = i
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("invalid \\u escape") }
        var value: UInt32 = 0
        for b in bytes[i..<(i + 4)] {
            let digit: UInt8
            switch b {
            case 0x30...0x39: digit = b - 0x30
            case 0x41...0x46: digit = b - 0x41 + 10
            case 0x61...0x66: digit = b - 0x61 + 10
            default: throw fail("invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
        }
        i += 4
        return value
    }
}

/// A problem in a JSON file the CLI reads (configuration, baseline): `path:line:column: message`.
struct JSONFileError: Error, CustomStringConvertible {
    var path: String
    var location: SourceLocation?
    var message: String

    init(path: String, bytes: [UInt8], offset: Int?, _ message: String) {
        self.path = path
        self.location = offset.map { LineMap(bytes).location(of: $0) }
        self.message = message
    }

    var description: String {
        guard let l = location else { return "\(path): \(message)" }
        return "\(path):\(l.line):\(l.column): \(message)"
    }

    /// The members of a file that must hold one JSON object (a configuration, a baseline); `what`
    /// names it in the errors ("the configuration", "a baseline"), `malformed` prefixes parse errors.
    static func objectMembers(_ bytes: [UInt8], path: String, malformed: String, what: String) throws(JSONFileError)
        -> (root: JSONValue, members: [JSONValue.Member]) {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw JSONFileError(path: path, bytes: bytes, offset: error.offset, "\(malformed): \(error.reason)")
        }
        guard case .object(let members) = root.kind else {
            throw JSONFileError(path: path, bytes: bytes, offset: root.offset, "\(what) must be a JSON object, got \(root.typeName)")
        }
        return (root, members)
    }
}
