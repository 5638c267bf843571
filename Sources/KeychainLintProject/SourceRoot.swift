import KeychainLintSupport

/// The folder that reports meant for a repository (SARIF's `SRCROOT`, GitLab's Code Quality)
/// make paths relative to: the nearest folder at or above the working directory that holds
/// `.git` (a repository or a worktree), else the working directory itself. Code scanning and
/// merge-request widgets match a report's paths against the repository's files, so a run from
/// a subfolder, a `../` path or an absolute path must still come out repository-relative.
package struct SourceRoot: Sendable, Equatable {
    /// Absolute and normalised (`Paths.normalised`), no trailing slash except for `/` itself.
    package var folder: String
    /// Absolute and normalised: where relative paths in findings were written from.
    package var workingDirectory: String

    package init(folder: String, workingDirectory: String) {
        self.folder = Paths.normalised(folder)
        self.workingDirectory = Paths.normalised(workingDirectory)
    }

    /// Looks for `.git` from `workingDirectory` (absolute) upwards.
    package static func find(from workingDirectory: String) -> SourceRoot {
        let start = Paths.normalised(workingDirectory)
        let repository = FolderWalk.nearest(from: start) { folder in
            access(Paths.join(folder, ".git"), F_OK) == 0 ? folder : nil
        }
        return SourceRoot(folder: repository ?? start, workingDirectory: start)
    }

    /// `path` (as a finding writes it) relative to the root, or `nil` when it lies outside it.
    /// Lexical: `..` is resolved against the working directory, symbolic links are not followed.
    package func relativePath(of path: String) -> String? {
        let absolute = Paths.absolute(path, base: workingDirectory)
        guard let relative = Paths.relative(absolute, inside: folder), !relative.isEmpty else { return nil }
        return relative
    }

    /// `file:///abs/root/`: the root as an absolute URI ending in a slash, as SARIF's
    /// `originalUriBaseIds` requires, with every byte outside the unreserved set and `/` percent-encoded.
    package var fileURI: String {
        "file://" + Self.percentEncoded(folder == "/" ? "/" : folder + "/")
    }

    /// Percent-encodes every byte except letters, digits, `-._~` and `/` (a URI path's safe set).
    package static func percentEncoded(_ path: String) -> String {
        var out = ""
        out.reserveCapacity(path.utf8.count)
        let hex = Array("0123456789ABCDEF")
        for b in path.utf8 {
            let safe = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                || b == 0x2D || b == 0x2E || b == 0x5F || b == 0x7E || b == 0x2F
            if safe {
                out.unicodeScalars.append(Unicode.Scalar(b))
            } else {
                out.append("%"); out.append(hex[Int(b >> 4)]); out.append(hex[Int(b & 0xF)])
            }
        }
        return out
    }
}
