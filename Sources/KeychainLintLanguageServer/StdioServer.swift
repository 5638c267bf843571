import Dispatch
import Foundation
import KeychainLintSupport

/// Runs a `LanguageServer` over file descriptors (stdin and stdout for `keychain-lint lsp`): a
/// reader thread takes frames off the input and hands each message to the server's serial queue,
/// where debounced lints run too; writes are serialised so frames never interleave.
package enum StdioServer {
    /// Serves until `exit` or the end of the input; returns the exit status (0 only after `shutdown`).
    /// The caller exits the process then: the reader thread may still be blocked in `read`.
    package static func run(linter: any WorkspaceLinting, settings: LanguageServer.Settings = LanguageServer.Settings(),
                            input: Int32 = 0, output: Int32 = 1) -> Int32 {
        // A client that goes away must not kill the server in the middle of a write.
        signal(SIGPIPE, SIG_IGN)
        let queue = DispatchQueue(label: "keychain-lint.lsp")
        let writer = FrameWriter(fd: output)
        let cancelled = CancelledRequests()
        let server = LanguageServer(linter: linter, scheduler: QueueScheduler(queue: queue), settings: settings,
                                    cancelled: cancelled, send: writer.write)
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            read(input) { frame in
                if case .message(let body) = frame, let id = cancelledID(in: body) { cancelled.insert(id) }
                queue.async {
                    guard server.exitCode == nil else { return }
                    switch frame {
                    case .message(let body): server.handle(body)
                    case .invalidHeader(let problem): server.handleInvalidHeader(problem)
                    }
                    if server.exitCode != nil { finished.signal() }
                }
            }
            queue.async {
                guard server.exitCode == nil else { return }
                server.inputEnded()
                finished.signal()
            }
        }
        thread.start()
        finished.wait()
        return queue.sync { server.exitCode ?? 1 }
    }

    /// Reads frames from `fd` until the end of the input or an error, handing each to `deliver`.
    private static func read(_ fd: Int32, deliver: (MessageReader.Frame) -> Void) {
        var reader = MessageReader()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { SystemCall.read(fd, $0.baseAddress!, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return }
            reader.append(chunk[0..<n])
            while let frame = reader.next() { deliver(frame) }
        }
    }

    /// The id of a `$/cancelRequest`, read as soon as the message arrives, so the request it
    /// cancels is not worked on if it still waits on the queue. Cancels are small: a document's
    /// text is not parsed twice for it.
    private static func cancelledID(in body: [UInt8]) -> JSONRPC.ID? {
        guard body.count < 512, String(decoding: body, as: UTF8.self).contains("$/cancelRequest") else { return nil }
        return CancelledRequests.cancelledID(in: JSONRPC.parse(body))
    }
}

/// Writes whole frames to a file descriptor under a lock, retrying short writes and `EINTR`.
final class FrameWriter: @unchecked Sendable {
    private let fd: Int32
    private var lock = pthread_mutex_t()

    init(fd: Int32) {
        self.fd = fd
        pthread_mutex_init(&lock, nil)
    }

    deinit { pthread_mutex_destroy(&lock) }

    func write(_ body: [UInt8]) {
        let frame = MessageWriter.frame(body)
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        frame.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = SystemCall.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += n
            }
        }
    }
}
