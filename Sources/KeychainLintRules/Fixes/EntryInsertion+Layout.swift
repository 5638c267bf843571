import KeychainLintModel
import KeychainLintSyntax

/// How a key is written: the new entry is written the same way, so a `[String: Any]` literal
/// gets `as String` and a `[CFString: Any]` one does not (either mistake would not compile).
enum KeySpelling: Equatable {
    case bare, asString, stringInit

    /// The spelling of the key in `range`; nil for anything but a Security constant written one
    /// of the three ways (an alias, a string, a computed key).
    init?(_ r: Range<Int>, in insertion: EntryInsertion) {
        let code = insertion.code
        // A name the project declares in place of Security's would already have failed `keyName`.
        func constant(_ i: Int) -> Bool { code.kind(i) == .identifier && code.identifier(i, hasPrefix: "kSec") }
        let a = r.lowerBound
        switch r.count {
        case 1 where constant(a): self = .bare
        case 3 where constant(a) && code.isKeyword(a + 1, "as") && code.isIdentifier(a + 2, "String"): self = .asString
        case 4 where code.isIdentifier(a, "String") && code.kind(a + 1) == .leftParen && constant(a + 2)
            && code.kind(a + 3) == .rightParen: self = .stringInit
        default: return nil
        }
    }

    /// The one spelling all keys share; nil when any is unreadable or two differ.
    static func common(_ spellings: [KeySpelling?]) -> KeySpelling? {
        guard let first = spellings.first, let style = first, spellings.allSatisfy({ $0 == style }) else { return nil }
        return style
    }

    func spell(_ key: String) -> String {
        switch self {
        case .bare: return key
        case .asString: return "\(key) as String"
        case .stringInit: return "String(\(key))"
        }
    }
}

extension EntryInsertion {
    /// A dictionary literal's entries: `elements` without the empty one a trailing comma leaves.
    struct Literal {
        var open: Int
        var close: Int
        var elements: [Range<Int>]
        var trailingComma: Bool
        var keyOffsets: Set<Int>
        var spelling: KeySpelling?
    }

    /// The literal opened at `open`; nil unless every element is `key: value` (`[:]` has none).
    func literalEntries(open: Int) -> Literal? {
        guard code.partner[open] > open else { return nil }  // unmatched: no literal to extend
        let close = code.after(open) - 1
        guard code.kind(close) == .rightBracket else { return nil }
        if close == open + 2 && code.kind(open + 1) == .colon {
            return Literal(open: open, close: close, elements: [], trailingComma: false, keyOffsets: [])
        }
        var elements = code.elements(of: open)
        let trailingComma = elements.count > 1 && elements.last?.isEmpty == true
        if trailingComma { elements.removeLast() }
        var keys: [Range<Int>] = []
        for element in elements {
            guard let colon = code.firstTopLevel(in: element, where: { self.code.kind($0) == .colon }),
                  colon > element.lowerBound else { return nil }
            keys.append(element.lowerBound..<colon)
        }
        return Literal(open: open, close: close, elements: elements, trailingComma: trailingComma,
                       keyOffsets: Set(keys.map { code.offset($0.lowerBound) }),
                       spelling: KeySpelling.common(keys.map { KeySpelling($0, in: self) }))
    }

    /// The entry added after the literal's last one: on a line of its own, indented like the last,
    /// when every entry has a line of its own; otherwise on the last entry's line. A trailing
    /// comma is kept after the new entry.
    func insert(into literal: Literal) -> [TextEdit]? {
        guard let last = literal.elements.last, let spelling = literal.spelling else { return nil }
        let entry = entryText(spelling: spelling, booleans: literal.open..<literal.close)
        let lastEnd = code.end(last.upperBound - 1)
        // With a trailing comma, the new entry goes after it.
        let anchor = literal.trailingComma ? code.end(literal.close - 1) : lastEnd
        let onePerLine = literal.elements.count == 1 ? code.startsLine[last.lowerBound]
                                                     : literal.elements.dropFirst().allSatisfy { code.startsLine[$0.lowerBound] }
        guard onePerLine else {
            let text = literal.trailingComma ? " \(entry)," : ", \(entry)"
            return [TextEdit(insert: text, at: anchor)]
        }
        let indent = SourceLines.indentation(ofLineAt: code.offset(last.lowerBound), in: bytes)
        let newline = SourceLines.lineBreak(near: code.offset(last.lowerBound), in: bytes)
        let line = newline + indent + entry + (literal.trailingComma ? "," : "")
        guard code.startsLine[literal.close] else {
            // `]` closes the last entry's line: the new line goes before it.
            return [TextEdit(insert: (literal.trailingComma ? "" : ",") + line, at: anchor)]
        }
        // `]` on its own line: the new line goes after whatever ends the last entry's (a comment).
        let end = SourceLines.lineEnd(from: anchor, in: bytes)
        guard !SourceLines.opensBlockComment(anchor..<end, in: bytes) else { return nil }
        if literal.trailingComma { return [TextEdit(insert: line, at: end)] }
        if end == lastEnd { return [TextEdit(insert: "," + line, at: end)] }
        return [TextEdit(insert: ",", at: lastEnd), TextEdit(insert: line, at: end)]
    }

    /// `KEY: VALUE` with the key spelled as `spelling` says; booleans as the tokens in `booleans` write them.
    func entryText(spelling: KeySpelling, booleans: Range<Int>?) -> String {
        "\(spelling.spell(key)): \(booleans.map(value(booleans:)) ?? value(booleans: 0..<0))"
    }

    /// The value's text: `kCFBooleanTrue` when the code in `range` writes booleans only that way,
    /// with the `!` it writes after it (the constant is an implicitly unwrapped optional: without
    /// the `!` an `Any` value draws a warning, so the code's own spelling is kept).
    func value(booleans range: Range<Int>) -> String {
        switch value {
        case .constant(let name): return name
        case .boolTrue:
            var cf: String?
            for i in range {
                if code.isKeyword(i, "true") || code.isKeyword(i, "false") { return "true" }
                if code.isIdentifier(i, "kCFBooleanTrue") || code.isIdentifier(i, "kCFBooleanFalse") {
                    let unwrapped = code.is(i + 1, "!") && code.offset(i + 1) == code.end(i)
                    cf = cf == "kCFBooleanTrue!" || unwrapped ? "kCFBooleanTrue!" : "kCFBooleanTrue"
                }
            }
            return cf ?? "true"
        }
    }
}
