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

/// Whether a fix may be applied without being asked for, as ruff's fix applicability: the edit
/// is certain either way, but some certain edits change what the app finds in a keychain that
/// already holds its users' items.
public enum FixApplicability: String, Hashable, Sendable {
    /// Cannot change which items already stored the code reads, updates or deletes, nor where a
    /// new item is stored: `--fix` and `--diff` apply it.
    case safe
    /// Changes which stored items the code finds, or where new ones go (items saved by the
    /// previous version can no longer be read, or a delete reaches more of them): applied only
    /// with `--unsafe-fixes`, never an editor's preferred action.
    case unsafe
}

/// A mechanical change that removes a finding: what it does, in words, and the edits that do it.
/// Offered only where the rule is certain of the result (docs/FIXES.md); one engine applies it for
/// `--fix`, the language server's quick fixes and SARIF's `fixes`.
public struct Fix: Hashable, Sendable {
    /// Imperative, for a menu or a log: "Replace kSecAttrAccessibleAlways with kSecAttrAccessibleAfterFirstUnlock".
    public var description: String
    /// In file order, none overlapping another.
    public var edits: [TextEdit]
    /// Whether `--fix` applies it unasked.
    public var applicability: FixApplicability
    /// For an unsafe fix, what it changes for the items already stored, as a clause that follows
    /// "unsafe: " ("items saved before in the file-based keychain are no longer found"); empty
    /// for a safe one.
    public var storedItemsEffect: String

    package init(_ description: String, edits: [TextEdit], unsafeBecause effect: String? = nil) {
        self.description = description
        self.edits = edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
        applicability = effect == nil ? .safe : .unsafe
        storedItemsEffect = effect ?? ""
    }

    /// The same edits, unsafe for the reason given.
    package func unsafe(because effect: String) -> Fix {
        var fix = self
        fix.applicability = .unsafe
        fix.storedItemsEffect = effect
        return fix
    }

    /// The description with what an unsafe fix changes, for a menu where the user picks it
    /// ("Add kSecUseDataProtectionKeychain: true (unsafe: …)").
    public var title: String {
        applicability == .safe ? description : "\(description) (unsafe: \(storedItemsEffect))"
    }

    /// Whether any edit of one overlaps an edit of the other (`TextEdit.conflicts`).
    public func conflicts(with other: Fix) -> Bool {
        edits.contains { a in other.edits.contains { a.conflicts(with: $0) } }
    }

    /// The same edits with their line and column positions filled in.
    package func located(in positions: SourcePositions) -> Fix {
        var located = self
        located.edits = edits.map { edit in
            var edit = edit
            edit.start = positions.position(of: edit.range.lowerBound)
            edit.end = positions.position(of: edit.range.upperBound)
            return edit
        }
        return located
    }
}

/// Positions of byte offsets in one file, UTF-16 columns included, each in logarithmic time: an
/// ASCII file's UTF-16 column is its byte column; otherwise a table of the non-ASCII bytes (built
/// once, on the first question) gives how many UTF-16 units fewer than bytes precede an offset. A
/// minified line with a thousand findings is not counted a thousand times.
package final class SourcePositions {
    private let bytes: [UInt8]
    private let lines: LineMap
    /// Offsets of the bytes that are not one UTF-16 unit each (continuation bytes count 0, the lead
    /// of a four-byte character 2) and, for each, the bytes-minus-units total up to and including it.
    private var table: (offsets: [Int32], excess: [Int32])?

    package init(bytes: [UInt8], lines: LineMap) {
        self.bytes = bytes
        self.lines = lines
    }

    package convenience init(_ source: SourceFile) {
        self.init(bytes: source.bytes, lines: source.lineMap)
    }

    package func position(of offset: Int) -> SourcePosition {
        let location = lines.location(of: offset)
        let lineStart = offset - (location.column - 1)
        let units = (min(offset, bytes.count) - lineStart) - (excess(before: min(offset, bytes.count)) - excess(before: lineStart))
        return SourcePosition(line: location.line, column: location.column, utf16Column: units + 1)
    }

    /// Where the token that starts at `offset` ends on its line (`TokenExtent`): a finding's end.
    package func tokenEnd(from offset: Int) -> SourcePosition {
        position(of: TokenExtent.end(from: offset, in: bytes, lines: lines))
    }

    /// Bytes minus UTF-16 units in `bytes[..<offset]`.
    private func excess(before offset: Int) -> Int {
        let table = self.table ?? build()
        var lo = 0, hi = table.offsets.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(table.offsets[mid]) < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? 0 : Int(table.excess[lo - 1])
    }

    private func build() -> (offsets: [Int32], excess: [Int32]) {
        var offsets: [Int32] = [], excess: [Int32] = []
        var total: Int32 = 0
        bytes.withUnsafeBufferPointer { buffer in
            for i in 0..<buffer.count where buffer[i] >= 0x80 {
                // Continuation bytes add no unit; a four-byte lead adds two units for its one byte.
                let b = buffer[i]
                if b < 0xC0 { total += 1 } else if b >= 0xF0 { total -= 1 } else { continue }
                offsets.append(Int32(i))
                excess.append(total)
            }
        }
        table = (offsets, excess)
        return (offsets, excess)
    }
}
