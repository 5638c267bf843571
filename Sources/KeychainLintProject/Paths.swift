import KeychainLintSyntax
import KeychainLintModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Lexical path arithmetic for configuration globs and baseline entries. Paths are compared as
/// written, made absolute and cleaned of `.`, `..` and repeated slashes; symbolic links are not
/// resolved, so a link is matched by the path it was reached through, as the walk reports it.
package enum Paths {
    /// The process's current directory (physical, as `getcwd` gives it), or `/` if it is gone.
    package static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        return String(cString: buffer)
    }

    /// `path` made absolute against `base` (itself absolute) and normalised.
    package static func absolute(_ path: String, base: String) -> String {
        normalised(path.hasPrefix("/") ? path : base + "/" + path)
    }

    /// `/a/./b//c/../d/` → `/a/b/d`. Only absolute paths are passed in; `..` at `/` stays at `/`.
    package static func normalised(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The folder holding `path` (absolute, normalised); `/` for `/` itself.
    package static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// `path` relative to `folder` when it is inside it (`""` for the folder itself), else `nil`.
    package static func relative(_ path: String, inside folder: String) -> String? {
        if path == folder { return "" }
        let prefix = folder == "/" ? "/" : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    /// `path` relative to `folder`, climbing with `..` when it is outside: `/a/x` from `/a/b` is `../x`.
    package static func relative(_ path: String, from folder: String) -> String {
        let p = path.split(separator: "/"), f = folder.split(separator: "/")
        var common = 0
        while common < p.count && common < f.count && p[common] == f[common] { common += 1 }
        let up = Array(repeating: Substring(".."), count: f.count - common)
        let parts = up + p[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
