import KeychainLintSyntax
import KeychainLintProject
import KeychainLint
import KeychainLintSupport

/// Where the CLI writes. The executable uses the process's stdout and stderr; tests pass a
/// `BufferSink` and run the tool in-process.
package protocol OutputSink: AnyObject, Sendable {
    func write(_ text: String)
}

/// Writes to a file descriptor, retrying short writes and `EINTR`.
package final class FileDescriptorSink: OutputSink {
    private let fd: Int32

    package init(fd: Int32) { self.fd = fd }

    package static let standardOutput = FileDescriptorSink(fd: 1)
    package static let standardError = FileDescriptorSink(fd: 2)

    package func write(_ text: String) {
        var text = text
        text.withUTF8 { buf in
            guard var p = buf.baseAddress else { return }
            var left = buf.count
            while left > 0 {
                let n = SystemCall.write(fd, p, left)
                if n < 0 {
                    if errno == EINTR { continue }
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
