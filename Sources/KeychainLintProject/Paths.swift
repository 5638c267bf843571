import KeychainLintSyntax
import KeychainLintSupport

/// Lexical path arithmetic for project lookups, configuration globs and baseline entries. Paths
/// are compared as written, made absolute and cleaned of `.`, `..` and repeated slashes; symbolic
/// links are not resolved, so a link is matched by the path it was reached through, as the walk
/// reports it.
package enum Paths {
    /// The process's current directory (physical, as `getcwd` gives it), or `/` if it is gone.
    package static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        return String(cString: buffer)
    }

    /// `path` made absolute against `base` (itself absolute) and normalised: the one path
    /// normaliser. Every linted file's path passes here (its project is looked up by it), so an
    /// ASCII path is split on its bytes, the same as on its characters but without breaking it into
    /// grapheme clusters or joining it to `base` first.
    package static func absolute(_ path: String, base: String) -> String {
        if let fast = absoluteASCII(path, base: base) { return fast }
        return normalisedCharacters(path.hasPrefix("/") ? path : base + "/" + path)
    }

    /// `/a/./b//c/../d/` → `/a/b/d`. Only absolute paths are passed in; `..` at `/` stays at `/`.
    package static func normalised(_ path: String) -> String {
        absolute(path, base: "/")
    }

    /// `normalised` on the path's characters: the reference `absoluteASCII` must agree with.
    static func normalisedCharacters(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `absolute` for ASCII `path` and `base`, in one pass over their bytes; nil for other text.
    static func absoluteASCII(_ path: String, base: String) -> String? {
        guard ASCIIText.isASCII(path), ASCIIText.isASCII(base) else { return nil }
        let pieces = path.utf8.first == UInt8(ascii: "/") ? [path] : [base, path]
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var out: [UInt8] = []
        out.reserveCapacity(pieces.reduce(0) { $0 + $1.utf8.count + 1 })
        /// Where each kept component's `/` sits in `out`, so `..` can drop the last one.
        var starts: [Int] = []
        for piece in pieces {
            var piece = piece
            piece.withUTF8 { bytes in
                var i = 0
                while i < bytes.count {
                    if bytes[i] == slash {
                        i += 1
                        continue
                    }
                    var end = i
                    while end < bytes.count && bytes[end] != slash { end += 1 }
                    let length = end - i
                    if length == 1 && bytes[i] == dot {
                        // `.`: nothing
                    } else if length == 2 && bytes[i] == dot && bytes[i + 1] == dot {
                        if let start = starts.popLast() { out.removeSubrange(start...) }
                    } else {
                        starts.append(out.count)
                        out.append(slash)
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<end]))
                    }
                    i = end
                }
            }
        }
        return out.isEmpty ? "/" : String(decoding: out, as: UTF8.self)
    }

    /// The folder holding `path` (absolute, normalised); `/` for `/` itself.
    package static func parent(_ path: String) -> String {
        // An ASCII path's last `/` is found on its bytes (the same index), without grapheme breaking.
        let last = ASCIIText.isASCII(path) ? path.utf8.lastIndex(of: UInt8(ascii: "/")) : path.lastIndex(of: "/")
        guard let slash = last, slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// `parent` on the path's characters: the reference the ASCII path in `parent` must agree with.
    static func parentOfCharacters(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// `name` inside `directory`: `/` between them unless `directory` already ends with one.
    package static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
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
