import KeychainLintSupport

/// The names in one folder with what each is, read with `readdir` as discovery reads folders.
///
/// Finding a file's project (its platforms, its entitlements) lists each folder from the file up
/// to the project root. `readdir` gives the kind of each entry with its name, where
/// `FileManager.contentsOfDirectory` would need a `fileExists` for each `.xcodeproj` as well.
package enum FolderListing {
    package enum Kind { case file, folder }

    #if canImport(Darwin)
    package typealias DirectoryStream = UnsafeMutablePointer<DIR>
    #else
    package typealias DirectoryStream = OpaquePointer
    #endif

    /// `(name, kind)` of each entry of `directory` other than `.` and `..`, unsorted; a link
    /// counts as what it points to, and entries that are neither files nor folders are left out.
    /// Nil when the folder cannot be read.
    package static func entries(of directory: String) -> [(name: String, kind: Kind)]? {
        guard let stream: DirectoryStream = opendir(directory) else { return nil }
        defer { closedir(stream) }
        var entries: [(name: String, kind: Kind)] = []
        while let entry = readdir(stream) {
            let name = Self.name(of: entry)
            if name == "." || name == ".." { continue }
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): entries.append((name, .file))
            case Int32(DT_DIR): entries.append((name, .folder))
            default:
                // A link, or a file system that does not say: ask, following links.
                var info = stat()
                guard stat(directory == "/" ? "/" + name : directory + "/" + name, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFREG: entries.append((name, .file))
                case S_IFDIR: entries.append((name, .folder))
                default: continue
                }
            }
        }
        return entries
    }

    /// The name of a `readdir` entry (discovery's walk reads folders with it too).
    package static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
        withUnsafePointer(to: &entry.pointee.d_name) { p in
            p.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                String(cString: $0)
            }
        }
    }
}
