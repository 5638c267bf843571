import KeychainLintSupport

/// Reads a whole file into bytes with POSIX `open`/`read`.
package enum FileReader {
    package enum Failure: Error, Equatable {
        case system(Int32)
    }

    /// Not an errno: the path names a FIFO, socket or device.
    package static let notARegularFile: Int32 = -1

    package static func read(_ path: String) -> Result<[UInt8], Failure> {
        // O_NONBLOCK: opening a FIFO that no one writes to would otherwise wait forever.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .failure(.system(errno)) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .failure(.system(errno)) }
        if (st.st_mode & S_IFMT) == S_IFDIR { return .failure(.system(EISDIR)) }
        if (st.st_mode & S_IFMT) != S_IFREG { return .failure(.system(notARegularFile)) }
        // Token offsets are 32-bit: a file of 2 GiB or more is refused, not read.
        if Int(st.st_size) >= Int(Int32.max) { return .failure(.system(EFBIG)) }

        // The size is a hint (files can change, special files report 0); read until end of file.
        // The buffer is not zeroed first: only the bytes `read` filled are kept.
        let expected = max(Int(st.st_size), 0)
        var capacity = expected + 1
        var bytes: [UInt8] = []
        while true {
            var failure: Int32 = 0
            let previous = bytes
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buf, initialized in
                var count = previous.count
                if count > 0 { _ = previous.withUnsafeBufferPointer { memcpy(buf.baseAddress!, $0.baseAddress!, count) } }
                while count < capacity {
                    let wanted = capacity - count
                    let n = SystemCall.read(fd, buf.baseAddress! + count, wanted)
                    if n < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        break
                    }
                    if n == 0 { break }
                    count += n
                    // A regular file's read comes up short only at its end: at the size `fstat`
                    // gave, that is the end, without a second call to read nothing (a system call
                    // per file, on every pass).
                    if n < wanted && count == expected { break }
                }
                initialized = count
            }
            if failure != 0 { return .failure(.system(failure)) }
            // Short of the capacity: end of file. Full: the file grew, read on with more room.
            if bytes.count < capacity { return bytes.count < Int(Int32.max) ? .success(bytes) : .failure(.system(EFBIG)) }
            if capacity >= Int(Int32.max) { return .failure(.system(EFBIG)) }
            capacity *= 2
        }
    }
}
