import KeychainLintSyntax
import KeychainLintProject
import KeychainLint
import KeychainLintSupport

/// Writes a file so that readers see either the old contents or the new, never half of it:
/// the text goes to a temporary file in the same folder, is flushed, then renamed over the target.
enum AtomicFile {
    struct WriteError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot write \(path): \(reason)" }
    }

    static func replace(_ path: String, with text: String) throws {
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let base = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array("\(folder.isEmpty ? "/" : folder)/.\(base).keychain-lint-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw WriteError(path: path, reason: FileDiscovery.describe(errno)) }
        let temporary = String(cString: template)
        var ok = true
        var bytes = Array(text.utf8)  // mutable for withUnsafeMutableBytes
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if n <= 0 { ok = false; break }
            written += n
        }
        let reason = FileDiscovery.describe(errno)
        if ok && fsync(fd) != 0 { ok = false }
        fchmod(fd, 0o644)
        close(fd)
        guard ok, rename(temporary, path) == 0 else {
            let why = ok ? FileDiscovery.describe(errno) : reason
            unlink(temporary)
            throw WriteError(path: path, reason: why)
        }
    }
}
