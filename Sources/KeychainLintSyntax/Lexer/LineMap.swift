import KeychainLintSupport

/// A 1-based line and column. Columns count UTF-8 bytes from the start of the line,
/// as clang and swiftc do, so a multi-byte character before a spot moves it by its byte length.
package struct SourceLocation: Equatable, Comparable, Sendable {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// Maps byte offsets to line and column. Built once per file in one pass; each lookup
/// is a binary search, so reporting never rescans the file.
package struct LineMap: Sendable {
    /// Byte offset at which each line starts; `lineStarts[0]` is line 1.
    package private(set) var lineStarts: [Int]

    /// `\n`, `\r\n` and a lone `\r` each end a line, as in the tokenizer.
    /// A leading UTF-8 byte-order mark is not part of line 1's columns.
    package init(bytes: UnsafeBufferPointer<UInt8>) {
        var starts = [Int]()
        starts.reserveCapacity(bytes.count / 32 + 1)
        let n = bytes.count
        starts.append(Self.firstLineStart(bytes))
        guard n > 0 else {
            lineStarts = starts
            return
        }
        if ByteSearch.offset(of: 0x0D, in: bytes) == nil {
            // No carriage return (nearly every file): line feeds alone, found at memchr speed.
            var from = 0
            while let lineFeed = ByteSearch.offset(of: 0x0A, in: bytes, from: from) {
                from = lineFeed + 1
                starts.append(from)
            }
        } else {
            Self.appendLineStarts(in: bytes, 0..<n, to: &starts)
        }
        lineStarts = starts
    }

    /// Where line 1 starts: past a UTF-8 byte-order mark, which is not part of its columns.
    package static func firstLineStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    /// Appends the start of each line that a line break in `bytes[range]` begins (`\n`, `\r\n`
    /// or a lone `\r`; a `\r\n` counts once, at its `\n`, even when the `\n` is past the range).
    package static func appendLineStarts(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to starts: inout [Int]) {
        var i = range.lowerBound
        while i < range.upperBound {
            let b = bytes[i]
            if b == 0x0A {
                starts.append(i + 1)
            } else if b == 0x0D {
                if i + 1 < bytes.count && bytes[i + 1] == 0x0A { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
    }

    /// Line starts already found (by the lexer, which sees every line break).
    package init(lineStarts: [Int]) {
        self.lineStarts = lineStarts
    }

    package init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { LineMap(bytes: $0) }
    }

    package var lineCount: Int { lineStarts.count }

    /// The location of a byte offset; offsets past the end map to the last line.
    package func location(of offset: Int) -> SourceLocation {
        var lo = 0
        var hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) >> 1
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return SourceLocation(line: lo + 1, column: max(offset - lineStarts[lo], 0) + 1)
    }
}
