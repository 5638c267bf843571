import KeychainLintSupport

/// Where the CLI writes. The executable uses the process's stdout and stderr; tests pass a
/// `BufferSink` and run the tool in-process.
package protocol OutputSink: AnyObject, Sendable {
    func write(_ text: String)
    /// Why a write failed (the first failure), or nil while every write has gone through: a run
    /// whose report was lost must not end as a success.
    var writeFailure: String? { get }
    /// Whether the sink is a terminal, where `--color auto` colours the report.
    var isTerminal: Bool { get }
}

extension OutputSink {
    package var writeFailure: String? { nil }
    package var isTerminal: Bool { false }
}

/// Writes to a file descriptor, retrying short writes and `EINTR`. After a failed write (a full
/// disk, a closed pipe) nothing more is written and `writeFailure` says why.
package final class FileDescriptorSink: OutputSink, @unchecked Sendable {
    private let fd: Int32
    /// Set once, by the first failed write; the CLI's writes come from one thread.
    private(set) package var writeFailure: String?

    package init(fd: Int32) { self.fd = fd }

    package var isTerminal: Bool { isatty(fd) != 0 }

    package static let standardOutput = FileDescriptorSink(fd: 1)
    package static let standardError = FileDescriptorSink(fd: 2)

    package func write(_ text: String) {
        guard writeFailure == nil else { return }
        var text = text
        text.withUTF8 { buf in
            guard var p = buf.baseAddress else { return }
            var left = buf.count
            while left > 0 {
                let n = SystemCall.write(fd, p, left)
                if n < 0 {
                    if errno == EINTR { continue }
                    writeFailure = String(cString: strerror(errno))
                    return
                }
                p += n
                left -= n
            }
        }
    }
}

/// Collects everything written, for tests.
package final class BufferSink: OutputSink, @unchecked Sendable {
    private var buffer = ""
    private var lock = pthread_mutex_t()

    package init() { pthread_mutex_init(&lock, nil) }
    deinit { pthread_mutex_destroy(&lock) }

    package func write(_ text: String) {
        pthread_mutex_lock(&lock)
        buffer += text
        pthread_mutex_unlock(&lock)
    }

    package var text: String {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return buffer
    }
}
