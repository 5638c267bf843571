import Foundation

/// LSP's base protocol: each message is a header block (`Content-Length: N`, optionally
/// `Content-Type`, each line ended by `\r\n`, the block by an empty line) followed by N bytes of
/// JSON. Bytes arrive in arbitrary pieces from a pipe, so the reader is incremental: append what
/// was read, then take every complete frame.
package struct MessageReader {
    /// One framed unit taken from the stream.
    package enum Frame: Equatable {
        /// A complete body, not yet parsed as JSON.
        case message([UInt8])
        /// A header block that cannot be used; the reader has skipped past it, and the body, when
        /// its length was readable. The server answers with a parse error and goes on.
        case invalidHeader(String)
    }

    /// A header block longer than this is not LSP: the stream is out of step or hostile.
    static let maxHeaderBytes = 8_192
    /// A body longer than this is refused rather than buffered (a 64 MiB document is not edited).
    static let maxBodyBytes = 64 << 20

    private var buffer: [UInt8] = []
    /// Where unread bytes start; consumed bytes are dropped in one go when the buffer is compacted.
    private var start = 0
    /// A body announced by a readable header and not yet complete.
    private var pendingLength: Int?
    /// Bytes of an oversized body still to be thrown away.
    private var discarding = 0

    package init() {}

    package mutating func append<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete frame, or `nil` when more bytes are needed.
    package mutating func next() -> Frame? {
        if discarding > 0 {
            let dropped = min(discarding, buffer.count - start)
            start += dropped
            discarding -= dropped
            if discarding > 0 { compact(); return nil }
        }
        if pendingLength == nil {
            guard let header = takeHeader() else { compact(); return nil }
            switch header {
            case .success(let length) where length > Self.maxBodyBytes:
                discarding = length
                return .invalidHeader("Content-Length \(length) is over the limit of \(Self.maxBodyBytes) bytes")
            case .success(let length):
                pendingLength = length
            case .failure(let problem):
                return .invalidHeader(problem.message)
            }
        }
        guard let length = pendingLength, buffer.count - start >= length else { compact(); return nil }
        let body = Array(buffer[start..<start + length])
        start += length
        pendingLength = nil
        return .message(body)
    }

    struct HeaderProblem: Error { var message: String }

    /// Reads a header block ending in `\r\n\r\n` (a bare `\n\n` is accepted too, as some clients
    /// and hand-written tests send it). `nil` when the block is not complete yet.
    private mutating func takeHeader() -> Result<Int, HeaderProblem>? {
        guard let (end, next) = headerEnd() else {
            if buffer.count - start > Self.maxHeaderBytes {
                // No header end in sight: drop what was read so the buffer cannot grow forever.
                start = buffer.count
                return .failure(HeaderProblem(message: "no end of header within \(Self.maxHeaderBytes) bytes"))
            }
            return nil
        }
        let block = String(decoding: buffer[start..<end], as: UTF8.self)
        start = next
        return Self.contentLength(in: block)
    }

    /// The offset where the header block ends and where the body starts.
    private func headerEnd() -> (Int, Int)? {
        var i = start
        let limit = min(buffer.count, start + Self.maxHeaderBytes + 4)
        while i < limit {
            if buffer[i] == 0x0A {
                if i + 1 < buffer.count, buffer[i + 1] == 0x0A { return (i, i + 2) }
                if i + 2 < buffer.count, buffer[i + 1] == 0x0D, buffer[i + 2] == 0x0A { return (i, i + 3) }
            }
            i += 1
        }
        return nil
    }

    static func contentLength(in block: String) -> Result<Int, HeaderProblem> {
        var length: Int?
        for line in block.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else {
                return .failure(HeaderProblem(message: "header line without ':': \(line.prefix(80))"))
            }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "content-length" {
                guard let n = Int(value), n >= 0 else {
                    return .failure(HeaderProblem(message: "Content-Length is not a length: \(value.prefix(40))"))
                }
                length = n
            }
        }
        guard let length else { return .failure(HeaderProblem(message: "header without Content-Length")) }
        return .success(length)
    }

    /// Drops consumed bytes once they are the larger part of the buffer, so appends stay amortised O(1).
    private mutating func compact() {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
    }
}

/// Frames a JSON body for writing: `Content-Length: N\r\n\r\n` then the bytes.
package enum MessageWriter {
    package static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}
