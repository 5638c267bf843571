import KeychainLintProject
import KeychainLintSupport

/// Where the CLI reads source text from for `--stdin-filename`. The executable reads the
/// process's stdin; tests pass a `BufferInput` so an in-process run never waits on a terminal.
package protocol InputSource: AnyObject, Sendable {
    func readAll() -> Result<[UInt8], FileReader.Failure>
}

/// Reads a file descriptor to its end, retrying `EINTR`.
package final class FileDescriptorInput: InputSource {
    private let fd: Int32

    package init(fd: Int32) { self.fd = fd }

    package static let standardInput = FileDescriptorInput(fd: 0)

    package func readAll() -> Result<[UInt8], FileReader.Failure> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { SystemCall.read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(.system(errno))
            }
            if n == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[..<n])
        }
    }
}

/// Fixed bytes, for tests; empty by default.
package final class BufferInput: InputSource {
    private let bytes: [UInt8]

    package init(_ text: String = "") { bytes = Array(text.utf8) }
    package init(bytes: [UInt8]) { self.bytes = bytes }

    package func readAll() -> Result<[UInt8], FileReader.Failure> { .success(bytes) }
}
