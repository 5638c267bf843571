import KeychainLintSyntax

/// A place in a file, 1-based, counted the ways its readers count: `column` in UTF-8 bytes (as the
/// compiler and the text formats report), `utf16Column` in UTF-16 code units (LSP and SARIF).
public struct SourcePosition: Hashable, Sendable {
    public var line: Int
    public var column: Int
    public var utf16Column: Int

    public init(line: Int, column: Int, utf16Column: Int) {
        (self.line, self.column, self.utf16Column) = (line, column, utf16Column)
    }
}

/// One replacement of a file's text: the bytes in `range` (UTF-8 offsets into the file as linted)
/// become `replacement`; an empty range inserts. `start` and `end` place the range for readers that
/// work in lines and columns; rules leave them empty and the engine fills them (`located(in:)`).
public struct TextEdit: Hashable, Sendable {
    public var range: Range<Int>
    public var replacement: String
    public var start: SourcePosition
    public var end: SourcePosition

    package init(range: Range<Int>, replacement: String) {
        self.range = range
        self.replacement = replacement
        start = SourcePosition(line: 0, column: 0, utf16Column: 0)
        end = start
    }

    package init(insert text: String, at offset: Int) {
        self.init(range: offset..<offset, replacement: text)
    }

    /// Whether applying both is ambiguous: their ranges overlap, or they touch the same point and
    /// one of them inserts there (two insertions at one offset have no order to keep).
    package func conflicts(with other: TextEdit) -> Bool {
        if range.lowerBound == other.range.lowerBound { return true }
        if range.isEmpty { return other.range.lowerBound < range.lowerBound && range.lowerBound < other.range.upperBound }
        if other.range.isEmpty { return range.lowerBound < other.range.lowerBound && other.range.lowerBound < range.upperBound }
        return range.overlaps(other.range)
    }
}

/// A mechanical change that removes a finding: what it does, in words, and the edits that do it.
/// Offered only where the rule is certain of the result (docs/FIXES.md); one engine applies it for
/// `--fix`, the language server's quick fixes and SARIF's `fixes`.
public struct Fix: Hashable, Sendable {
    /// Imperative, for a menu or a log: "Replace kSecAttrAccessibleAlways with kSecAttrAccessibleAfterFirstUnlock".
    public var description: String
    /// In file order, none overlapping another.
    public var edits: [TextEdit]

    package init(_ description: String, edits: [TextEdit]) {
        self.description = description
        self.edits = edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// Whether any edit of one overlaps an edit of the other (`TextEdit.conflicts`).
    public func conflicts(with other: Fix) -> Bool {
        edits.contains { a in other.edits.contains { a.conflicts(with: $0) } }
    }

    /// The same edits with their line and column positions filled in from the file's lines.
    package func located(in source: SourceFile) -> Fix {
        var located = self
        located.edits = edits.map { edit in
            var edit = edit
            edit.start = SourcePosition(offset: edit.range.lowerBound, in: source)
            edit.end = SourcePosition(offset: edit.range.upperBound, in: source)
            return edit
        }
        return located
    }
}

extension SourcePosition {
    /// The position of a byte offset in `source`: line and byte column from the line map, the
    /// UTF-16 column by counting the line's code units before it (no work beyond the line).
    package init(offset: Int, in source: SourceFile) {
        self.init(offset: offset, in: source.bytes, lines: source.lineMap)
    }

    package init(offset: Int, in bytes: [UInt8], lines: LineMap) {
        let location = lines.location(of: offset)
        let lineStart = offset - (location.column - 1)
        self.init(line: location.line, column: location.column,
                  utf16Column: Self.utf16Units(bytes, lineStart..<min(offset, bytes.count)) + 1)
    }

    /// UTF-16 code units of the UTF-8 text in `bytes[range]`: one per ASCII byte and per lead byte
    /// of a two- or three-byte character, two per four-byte character (a surrogate pair).
    package static func utf16Units(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        var units = 0
        for i in range where i >= 0 {
            let b = bytes[i]
            if b < 0x80 { units += 1 } else if b >= 0xF0 { units += 2 } else if b >= 0xC0 { units += 1 }
        }
        return units
    }
}
