import KeychainLintProject
import KeychainLintSupport

/// Writes a file so that readers see either the old contents or the new, never half of it: the
/// text goes to a new file in the same folder, is flushed, then renamed over the target.
///
/// On Linux the new file has no name while it is written (`O_TMPFILE`): a run killed meanwhile
/// leaves nothing behind. It is named `.NAME.keychain-lint-XXXXXX` only once complete, for the
/// instant before the rename. Where the kernel or file system has no `O_TMPFILE` the named
/// temporary file is made first (`mkstemp`), as on other systems.
///
/// A file that is replaced keeps its permission bits; a new one gets what the umask allows of
/// 0666, as if the shell had created it.
enum AtomicFile {
    struct WriteError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot write \(path): \(reason)" }
    }

    /// - Parameters:
    ///   - whileWriting: called once the text is written and flushed, before the file is named;
    ///     tests look at the folder then.
    ///   - unnamed: false skips `O_TMPFILE`, so tests reach the portable path on Linux too.
    static func replace(_ path: String, with text: String, whileWriting: (() -> Void)? = nil, unnamed: Bool = true) throws {
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let target = Target(path: path, folder: folder.isEmpty ? "/" : folder,
                            name: path.split(separator: "/").last.map(String.init) ?? path)
        let bytes = Array(text.utf8)
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        if unnamed, try replaceUnnamed(target, with: bytes, whileWriting: whileWriting) { return }
        #endif
        try replaceNamed(target, with: bytes, whileWriting: whileWriting)
    }

    private struct Target {
        var path: String
        var folder: String
        var name: String

        /// The mode the new file gets: the old file's permission bits, else 0666 less the umask.
        var mode: mode_t? {
            var st = stat()
            return stat(path, &st) == 0 ? st.st_mode & 0o7777 : nil
        }

        var temporaryTemplate: String { "\(folder)/.\(name).keychain-lint-" }
    }

    #if os(Linux) && (arch(x86_64) || arch(arm64))
    /// `O_TMPFILE` is a macro the Glibc module does not import: `__O_TMPFILE | O_DIRECTORY`, with
    /// `__O_TMPFILE` 020000000 on x86-64 and arm64.
    private static let unnamedFileFlag: Int32 = 0o20000000 | O_DIRECTORY

    /// Writes an unnamed file, then links it under a temporary name and renames that over the
    /// target. Returns false, having made nothing visible, when unnamed files are not available.
    private static func replaceUnnamed(_ target: Target, with bytes: [UInt8], whileWriting: (() -> Void)?) throws -> Bool {
        let fd = open(target.folder, unnamedFileFlag | O_WRONLY | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            // No O_TMPFILE here (old kernel: EISDIR; file system: EOPNOTSUPP): use a named file.
            if [EOPNOTSUPP, EISDIR, EINVAL].contains(errno) { return false }
            throw WriteError(path: target.path, reason: FileDiscovery.describe(errno))
        }
        defer { close(fd) }
        try writeAll(bytes, to: fd, target)
        if let mode = target.mode { fchmod(fd, mode) }
        whileWriting?()
        for _ in 0..<8 {
            let temporary = target.temporaryTemplate + randomSuffix()
            guard linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, temporary, AT_SYMLINK_FOLLOW) == 0 else {
                if errno == EEXIST { continue }
                // No /proc to name it through: nothing is visible yet, so write a named file instead.
                if errno == ENOENT { return false }
                throw WriteError(path: target.path, reason: FileDiscovery.describe(errno))
            }
            guard rename(temporary, target.path) == 0 else {
                let reason = FileDiscovery.describe(errno)
                unlink(temporary)
                throw WriteError(path: target.path, reason: reason)
            }
            return true
        }
        throw WriteError(path: target.path, reason: FileDiscovery.describe(EEXIST))
    }

    private static func randomSuffix() -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return String((0..<6).map { _ in letters.randomElement()! })
    }
    #endif

    /// The portable way: a named temporary file (`mkstemp`), renamed over the target.
    private static func replaceNamed(_ target: Target, with bytes: [UInt8], whileWriting: (() -> Void)?) throws {
        var template = Array((target.temporaryTemplate + "XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw WriteError(path: target.path, reason: FileDiscovery.describe(errno)) }
        let temporary = String(cString: template)
        do {
            defer { close(fd) }
            try writeAll(bytes, to: fd, target)
            // mkstemp makes the file 0600; give it the mode a new file would get, or the old file's.
            fchmod(fd, target.mode ?? (0o666 & ~currentUmask()))
            whileWriting?()
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, target.path) == 0 else {
            let reason = FileDiscovery.describe(errno)
            unlink(temporary)
            throw WriteError(path: target.path, reason: reason)
        }
    }

    /// Writes every byte and flushes them to disk.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32, _ target: Target) throws {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw WriteError(path: target.path, reason: FileDiscovery.describe(n < 0 ? errno : EIO)) }
            written += n
        }
        guard fsync(fd) == 0 else { throw WriteError(path: target.path, reason: FileDiscovery.describe(errno)) }
    }

    /// The process's umask; reading it means setting it, so it is set straight back.
    private static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }
}
