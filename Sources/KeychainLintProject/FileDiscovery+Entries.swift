import KeychainLintSupport

extension FileDiscovery {
    /// One folder's entries, read before any is judged (a settings file among them decides which
    /// patterns judge the rest), in the order their paths sort in.
    ///
    /// A folder's key is its name followed by `/`, a file's its name: visiting them in that byte
    /// order visits the tree's files in the order of their paths, so the walk's targets need no
    /// sort afterwards. (Sorting 9,000 targets at the end, each moved with its two path strings,
    /// was a fifth of discovery on real trees; names in one folder are few.)
    package struct FolderEntries {
        enum Kind {
            case file(inode: UInt64)
            /// A symbolic link: what it points to is asked only if it is wanted.
            case link
            case folder
        }
        var items: [(name: String, kind: Kind)] = []
        var holdsSettingsFile = false
        /// The folder's project files, or `nil` when a link's name says it may be one: what it
        /// points to decides, and the catalog lists the folder itself if it is ever asked.
        var project: ProjectFolder? = ProjectFolder()

        init(_ dir: FolderListing.DirectoryStream, fsPath: String, discovery: FileDiscovery) {
            let settingsFileName = discovery.scopes?.fileName
            while let entry = readdir(dir) {
                let name = FolderListing.name(of: entry)
                if name == "." || name == ".." { continue }
                // The settings file is hidden: only names that start with "." are compared with it.
                if name.utf8.first == UInt8(ascii: "."), name == settingsFileName { holdsSettingsFile = true }
                var type = Int32(entry.pointee.d_type)
                var inode = UInt64(entry.pointee.d_ino)
                if type == Int32(DT_UNKNOWN) {
                    var lst = stat()
                    guard lstat(FileDiscovery.join(fsPath, name), &lst) == 0 else { continue }
                    inode = UInt64(lst.st_ino)
                    switch lst.st_mode & S_IFMT {
                    case S_IFDIR: type = Int32(DT_DIR)
                    case S_IFREG: type = Int32(DT_REG)
                    case S_IFLNK: type = Int32(DT_LNK)
                    default: continue
                    }
                }
                switch type {
                case Int32(DT_DIR):
                    project?.note(name, .folder)
                    if !FileDiscovery.isSkippedFolder(name) { items.append((name, .folder)) }
                case Int32(DT_REG):
                    project?.note(name, .file)
                    if discovery.wants(name) { items.append((name, .file(inode: inode))) }
                case Int32(DT_LNK):
                    if ProjectFolder.mayBeProjectFile(name) { project = nil }
                    if discovery.wants(name) { items.append((name, .link)) }
                default: continue
                }
            }
            project?.finish()
            items.sort { Self.precedes($0.name, isFolder: $0.kind.isFolder, $1.name, isFolder: $1.kind.isFolder) }
        }

        /// Whether the key of `a` comes before the key of `b` in byte order, a folder's key being
        /// its name and a `/`.
        package static func precedes(_ a: String, isFolder aIsFolder: Bool, _ b: String, isFolder bIsFolder: Bool) -> Bool {
            var a = a, b = b
            return a.withUTF8 { pa in
                b.withUTF8 { pb in
                    let common = min(pa.count, pb.count)
                    let order = common == 0 ? 0 : memcmp(pa.baseAddress!, pb.baseAddress!, common)
                    if order != 0 { return order < 0 }
                    // One name starts the other: the next byte of each key decides, where a name
                    // that has ended goes on with `/` if it is a folder's, and nothing (-1) if not.
                    let slash = Int(UInt8(ascii: "/"))
                    let nextA = pa.count > common ? Int(pa[common]) : (aIsFolder ? slash : -1)
                    let nextB = pb.count > common ? Int(pb[common]) : (bIsFolder ? slash : -1)
                    return nextA < nextB
                }
            }
        }
    }
}

extension FileDiscovery.FolderEntries.Kind {
    var isFolder: Bool {
        if case .folder = self { return true }
        return false
    }
}
