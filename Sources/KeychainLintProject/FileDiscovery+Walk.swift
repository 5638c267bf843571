import KeychainLintSupport

/// The recursive walk of a folder argument.
///
/// A folder argument's subfolders are walked on all cores when `parallel` is set (most of a
/// walk is the system calls that list folders, and the second core is idle until the files are
/// read): each subfolder's walk collects on its own, and their results are put back in the order
/// of the folder's entries, so the targets, the warnings and which of two spellings of one folder
/// is walked are those of a walk on one thread. Two cases are walked again on one thread: a
/// subfolder that holds a settings file (scopes are numbered in the order the walk meets them)
/// and a folder reached from two subfolders (a bind mount: walked once, the first time).
extension FileDiscovery {
    /// What a walk collects.
    struct WalkState: Sendable {
        var visited: Set<FileID> = []
        var walked = WalkedFiles()
        var targets: [LintTarget] = []
        var problems: [DiscoveryProblem] = []
        /// A walk on another thread met a settings file: the subfolder is walked again on this one.
        var metSettingsFile = false

        mutating func absorb(_ other: WalkState) {
            visited.formUnion(other.visited)
            walked.files.formUnion(other.walked.files)
            walked.links.merge(other.walked.links) { first, _ in first }
            targets += other.targets
            problems += other.problems
        }
    }

    /// A folder to walk: its output path, the path to open it by, its absolute path (for the
    /// catalog; nil when there is none) and its `lstat`.
    struct Place: Sendable {
        var display: String
        var fsPath: String
        var absolute: String?
        var info: stat

        func child(_ name: String, info: stat) -> Place {
            Place(display: FileDiscovery.join(display, name), fsPath: FileDiscovery.join(fsPath, name),
                  absolute: absolute.map { FileDiscovery.join($0, name) }, info: info)
        }
    }

    /// A folder opened and read, with the scope and patterns that judge its entries.
    private struct OpenedFolder {
        var entries: FolderEntries
        var scope: Int
        var filter: PathFilter?
        /// The output path is the file system path (no working directory): one string serves both.
        var samePaths: Bool
    }

    func walkArgument(_ place: Place, scope: Int, state: inout WalkState) {
        guard parallel, onEnter == nil else {
            walk(place, isArgument: true, scope: scope, onAnotherThread: false, state: &state)
            return
        }
        guard let folder = open(place, isArgument: true, scope: scope, onAnotherThread: false, state: &state) else { return }
        // The folder's own files between its subfolders, in entry order.
        var pieces: [WalkState] = [WalkState()]
        var subfolders: [Place] = []
        for entry in folder.entries.items {
            if let sub = visit(entry, of: place, folder, state: &pieces[pieces.count - 1]) {
                subfolders.append(sub)
                pieces.append(WalkState())
            }
        }
        let walks: [WalkState] = Parallel.map(subfolders.count, parallel: true) { k in
            var own = WalkState()
            walk(subfolders[k], isArgument: false, scope: folder.scope, onAnotherThread: true, state: &own)
            return own
        }
        var reached = state.visited
        let agrees = walks.allSatisfy { walk in
            defer { reached.formUnion(walk.visited) }
            return !walk.metSettingsFile && walk.visited.isDisjoint(with: reached)
        }
        for (k, piece) in pieces.enumerated() {
            state.absorb(piece)
            guard k < subfolders.count else { break }
            if agrees {
                state.absorb(walks[k])
            } else {
                walk(subfolders[k], isArgument: false, scope: folder.scope, onAnotherThread: false, state: &state)
            }
        }
    }

    private func walk(_ place: Place, isArgument: Bool, scope: Int, onAnotherThread: Bool, state: inout WalkState) {
        guard let folder = open(place, isArgument: isArgument, scope: scope, onAnotherThread: onAnotherThread, state: &state) else { return }
        for entry in folder.entries.items {
            guard let sub = visit(entry, of: place, folder, state: &state) else { continue }
            walk(sub, isArgument: false, scope: folder.scope, onAnotherThread: onAnotherThread, state: &state)
            if state.metSettingsFile { return }
        }
    }

    /// Lists `place` once (a folder reached again is not), records it in the catalog and works
    /// out what governs its entries; nil when there is nothing to walk.
    private func open(_ place: Place, isArgument: Bool, scope: Int, onAnotherThread: Bool, state: inout WalkState) -> OpenedFolder? {
        guard state.visited.insert(FileID(place.info)).inserted else { return nil }
        onEnter?(place.fsPath)
        guard let dir = opendir(place.fsPath) else {
            let reason = Self.describe(errno)
            state.problems.append(isArgument
                ? DiscoveryProblem(kind: .error, message: "\(reason): \(place.display)")
                : DiscoveryProblem(kind: .warning, message: "skipping \(place.display): \(reason)"))
            return nil
        }
        let entries = FolderEntries(dir, fsPath: place.fsPath, discovery: self)
        closedir(dir)
        if let absolute = place.absolute, let catalog, let project = entries.project { catalog.record(project, at: absolute) }
        // A settings file here starts a new scope for this folder and everything below it.
        var scope = scope
        if entries.holdsSettingsFile, let scopes {
            if onAnotherThread {
                state.metSettingsFile = true
                return nil
            }
            scope = scopes.scope(startedIn: place.fsPath)
        }
        return OpenedFolder(entries: entries, scope: scope, filter: scopes.map { $0.filter(scope) } ?? self.filter,
                            samePaths: place.display == place.fsPath)
    }

    /// Takes a file or link of the folder into `state`; for a subfolder to walk, returns its place.
    private func visit(_ entry: (name: String, kind: FolderEntries.Kind), of place: Place, _ folder: OpenedFolder,
                       state: inout WalkState) -> Place? {
        let name = entry.name
        let childFS = Self.join(place.fsPath, name)
        switch entry.kind {
        case .file(let inode):
            guard folder.filter?.admitsFile(childFS, checkAncestors: false) ?? true else { return nil }
            // Files in one folder share its device (a mount point is a folder, not a file).
            state.walked.files.insert(FileID(device: UInt64(place.info.st_dev), inode: inode))
            // The output path and the file system path are one string unless the working directory
            // differs from the process's: shared, a large tree's targets take half the memory.
            state.targets.append(LintTarget(path: folder.samePaths ? childFS : Self.join(place.display, name),
                                            fileSystemPath: childFS, explicit: false, scope: folder.scope))
        case .link:
            // Links to files are linted; links to folders are not followed; dangling links are ignored.
            guard folder.filter?.admitsFile(childFS, checkAncestors: false) ?? true else { return nil }
            var target = stat()
            if stat(childFS, &target) == 0 && (target.st_mode & S_IFMT) == S_IFREG {
                let path = Self.join(place.display, name)
                state.walked.links[path] = FileID(target)
                state.targets.append(LintTarget(path: path, fileSystemPath: childFS, explicit: false, scope: folder.scope))
            }
        case .folder:
            if folder.filter?.excludesFolder(childFS) ?? false { return nil }
            var sub = stat()
            // lstat: the entry was a real folder when read; if it has since become a link, do not follow it.
            guard lstat(childFS, &sub) == 0, (sub.st_mode & S_IFMT) == S_IFDIR else { return nil }
            return place.child(name, info: sub)
        }
        return nil
    }
}
