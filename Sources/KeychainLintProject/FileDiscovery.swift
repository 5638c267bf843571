import Foundation

/// A file to lint.
package struct LintTarget: Equatable, Sendable {
    /// The path as shown in output: the argument as written, joined with the path below it.
    package var path: String
    /// The path used to open the file: `path`, prefixed with the working directory when one was given.
    package var fileSystemPath: String
    /// Named on the command line (not found by walking a folder).
    package var explicit: Bool
    /// Which settings govern the file (`FolderScopes`); 0 when discovery has no scopes.
    package var scope = 0

    /// An entitlements property list rather than a Swift file.
    package var isEntitlements: Bool { path.hasSuffix(".entitlements") }
}

/// A problem found while walking the arguments.
package struct DiscoveryProblem: Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        /// A path argument that does not exist or cannot be read: exit status 2.
        case error
        /// Something below an argument that cannot be read: reported, the run goes on.
        case warning
    }
    package var kind: Kind
    package var message: String
}

/// Finds the Swift files to lint.
///
/// Policy:
/// - A folder argument is walked recursively for regular files whose name ends in `.swift`.
///   Folders named `.build`, `DerivedData`, `Pods`, `Carthage`, `.swiftpm` or starting with `.`
///   are skipped without descending into them. The argument itself is never skipped
///   (`keychain-lint .` and `keychain-lint Pods` work).
/// - Symbolic links found while walking: a link to a file is linted under the link's path,
///   unless the walk also reaches that file itself or through another link (then it is linted
///   once, under its own path or the first link's, so one mistake is one finding); a link to a
///   folder is **not followed**, so a link to a parent cannot loop. Dangling links are ignored. Folders are also remembered by device and inode, so a folder reached twice
///   (bind mounts, overlapping arguments such as `Sources Sources/App`) is walked once.
/// - A symbolic link named as an argument is followed, whatever it points to.
/// - A file argument is linted whatever its name or location, e.g. `.build/Gen.swift`. A file named
///   more than once, under several spellings or through links (`../Sources/A.swift ./A.swift`), is
///   linted once, under the first name given; a walk does not find it again under another.
/// - A folder named `x.swift` is a folder.
/// - The result is sorted by path bytes and has no duplicate paths.
package struct FileDiscovery {
    package static let skippedFolderNames: Set<String> = [".build", "DerivedData", "Pods", "Carthage", ".swiftpm"]

    /// Prefix for relative paths when opening them; `nil` means the process's current directory.
    package var workingDirectory: String?
    /// When false, only `.entitlements` files are collected (the project-root scan for context).
    package var includesSwiftFiles = true
    /// When set, the walk collects the files whose name it accepts instead of Swift sources and
    /// entitlements (a project's build-settings files, `ProjectBuildSettings`).
    package var collectsFileNamed: ((String) -> Bool)?
    /// The configuration's `include`/`exclude` patterns; `nil` when there are none. Not used when
    /// `scopes` is set: each part of the tree is then judged by its own scope's patterns.
    package var filter: PathFilter?
    /// The settings files that govern parts of the tree, when each folder may have its own.
    package var scopes: (any FolderScopes)?
    /// Called with each folder the walk opens. Tests use it to show that excluded folders are
    /// not entered, which output alone cannot show when running as root.
    package var onEnter: ((String) -> Void)?
    /// Absolute, normalised paths of in-memory buffers that stand in for files (`overlayKey`).
    package var overlays: Set<String> = []
    /// Where the walk records the project files of each folder it lists, so that finding a
    /// file's project later does not list the folder again; `nil` records nothing.
    package var catalog: FolderCatalog?
    /// Whether a folder argument's subfolders are walked on all cores (`FileDiscovery+Walk`).
    package var parallel = false

    package init(workingDirectory: String? = nil) {
        self.workingDirectory = workingDirectory
    }

    package static func isSkippedFolder(_ name: String) -> Bool {
        name.hasPrefix(".") || skippedFolderNames.contains(name)
    }

    package static func isSwiftFileName(_ name: String) -> Bool {
        name.utf8.count > 6 && name.hasSuffix(".swift")
    }

    package static func isEntitlementsFileName(_ name: String) -> Bool {
        name.utf8.count > 13 && name.hasSuffix(".entitlements")
    }

    /// Files a walk collects: Swift sources and entitlements property lists, unless `collectsFileNamed` says otherwise.
    func wants(_ name: String) -> Bool {
        if let collectsFileNamed { return collectsFileNamed(name) }
        return (includesSwiftFiles && Self.isSwiftFileName(name)) || Self.isEntitlementsFileName(name)
    }

    struct FileID: Hashable {
        var device: UInt64
        var inode: UInt64
        init(_ st: stat) {
            device = UInt64(st.st_dev)
            inode = UInt64(st.st_ino)
        }
        init(device: UInt64, inode: UInt64) {
            self.device = device
            self.inode = inode
        }
    }

    package func discover(_ arguments: [String]) -> (targets: [LintTarget], problems: [DiscoveryProblem]) {
        var state = WalkState()
        // Files named on the command line, by identity: `../Sources/A.swift` and `./A.swift` are one file.
        var named: Set<FileID> = []
        let currentDirectory = catalog == nil ? "" : FileManager.default.currentDirectoryPath

        for argument in arguments {
            let fsPath = fileSystemPath(argument)
            var st = stat()
            guard stat(fsPath, &st) == 0 else {
                if let target = overlayTarget(forArgument: argument, fileSystemPath: fsPath) {
                    state.targets.append(target)
                    continue
                }
                state.problems.append(DiscoveryProblem(kind: .error, message: "\(Self.describe(errno)): \(argument)"))
                continue
            }
            // The folder holding the argument decides whether it is excluded; files in a folder
            // argument are governed by the folder's own scope.
            let judge = scopes?.scope(enclosing: fsPath + "/..") ?? 0
            let filter = scopes.map { $0.filter(judge) } ?? self.filter
            if (st.st_mode & S_IFMT) == S_IFDIR {
                if let filter, filter.excludesFolder(fsPath, orAbove: true) { continue }
                let folder = Self.trimmingTrailingSlashes(fsPath)
                let place = Place(display: Self.trimmingTrailingSlashes(argument), fsPath: folder,
                                  absolute: catalog == nil ? nil : Paths.absolute(folder, base: currentDirectory), info: st)
                walkArgument(place, scope: scopes?.scope(enclosing: folder) ?? 0, state: &state)
            } else if filter.map({ !$0.appliesToArguments || $0.admitsFile(fsPath, checkAncestors: true) }) ?? true {
                // Named again under another spelling (or through a link): linted once, under its first name.
                if named.insert(FileID(st)).inserted {
                    state.targets.append(LintTarget(path: argument, fileSystemPath: fsPath, explicit: true, scope: judge))
                }
            }
        }

        var targets = state.walked.droppingLinkedCopies(state.targets)
        targets += overlayOnlyTargets(under: arguments, besides: targets)
        if !named.isEmpty { targets = Self.droppingWalkedCopies(of: named, from: targets) }
        // Sort by output path; when a path is found twice, keep the explicit one (its read errors are
        // errors). One walked folder's targets are in order already: then this only checks.
        if !Self.strictlyOrdered(targets) {
            targets.sort {
                let order = Self.bytesOrder($0.path, $1.path)
                return order != 0 ? order < 0 : $0.explicit && !$1.explicit
            }
        }
        var unique: [LintTarget] = []
        unique.reserveCapacity(targets.count)
        for t in targets where unique.last?.path != t.path { unique.append(t) }
        return (unique, state.problems)
    }

    /// Drops files a walk found that were also named on the command line, under whatever spelling:
    /// the named one is kept (its read errors are errors). Only runs that name files pay the `stat`s.
    private static func droppingWalkedCopies(of named: Set<FileID>, from targets: [LintTarget]) -> [LintTarget] {
        targets.filter { target in
            guard !target.explicit else { return true }
            var st = stat()
            return stat(target.fileSystemPath, &st) != 0 || !named.contains(FileID(st))
        }
    }

    private func fileSystemPath(_ path: String) -> String {
        Self.fileSystemPath(path, workingDirectory: workingDirectory)
    }

    /// A path as written, made openable: relative paths are resolved against the working directory.
    package static func fileSystemPath(_ path: String, workingDirectory: String?) -> String {
        guard let wd = workingDirectory, !path.hasPrefix("/") else { return path }
        return wd.hasSuffix("/") ? wd + path : wd + "/" + path
    }

    /// `Sources/` → `Sources`, `a//` → `a`; `/` stays `/`.
    package static func trimmingTrailingSlashes(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        return String(p)
    }

    /// `base/name`, in a string of exactly that size: `base + "/" + name` grows the string as it
    /// appends and keeps the spare capacity, and a large tree's targets keep every path to the end.
    static func join(_ base: String, _ name: String) -> String {
        let slash = !base.hasSuffix("/")
        var path = ""
        path.reserveCapacity(base.utf8.count + name.utf8.count + (slash ? 1 : 0))
        path += base
        if slash { path += "/" }
        path += name
        return path
    }

    /// The files a walk reached, by identity, to lint a linked file once.
    struct WalkedFiles {
        var files: Set<FileID> = []
        /// Output path of each link to a file → the file it points to.
        var links: [String: FileID] = [:]

        /// Drops walked links to files the walk also reached directly, and all but the first (in
        /// path order) of several links to one file. Explicit arguments are always kept.
        func droppingLinkedCopies(_ targets: [LintTarget]) -> [LintTarget] {
            guard !links.isEmpty else { return targets }
            var kept: Set<FileID> = []
            var dropped: Set<String> = []
            for path in links.keys.sorted(by: FileDiscovery.bytesPrecede) {
                let id = links[path]!
                if files.contains(id) || !kept.insert(id).inserted { dropped.insert(path) }
            }
            return targets.filter { $0.explicit || !dropped.contains($0.path) }
        }
    }


    /// A short lowercase reason for an `errno`, as in the CLI's messages.
    package static func describe(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file or directory"
        case EACCES, EPERM: return "permission denied"
        case ENOTDIR: return "not a directory"
        case ELOOP: return "too many levels of symbolic links"
        case EISDIR: return "is a directory"
        case FileReader.notARegularFile: return "not a regular file"
        default:
            guard let s = strerror(code) else { return "error \(code)" }
            return String(cString: s).lowercased()
        }
    }
}

extension FileDiscovery {
    /// Byte order of two paths, compared with `memcmp` (the `UTF8View` comparison costs about as
    /// much as linting the files when a tree has thousands of them).
    package static func bytesPrecede(_ a: String, _ b: String) -> Bool {
        bytesOrder(a, b) < 0
    }

    /// Negative, zero or positive as `a`'s bytes come before, equal or after `b`'s. Paths are
    /// native strings with contiguous UTF-8, read in place (copying them for `withUTF8` made the
    /// sort of a large tree's targets mostly retains and releases).
    package static func bytesOrder(_ a: String, _ b: String) -> Int {
        let inPlace = a.utf8.withContiguousStorageIfAvailable { pa in
            b.utf8.withContiguousStorageIfAvailable { pb in order(pa, pb) }
        }
        if let order = inPlace ?? nil { return order }
        var a = a, b = b
        return a.withUTF8 { pa in b.withUTF8 { pb in order(pa, pb) } }
    }

    /// Whether each target's path comes strictly after the one before it.
    static func strictlyOrdered(_ targets: [LintTarget]) -> Bool {
        targets.indices.dropFirst().allSatisfy { bytesOrder(targets[$0 - 1].path, targets[$0].path) < 0 }
    }

    private static func order(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(a.count, b.count)
        let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
        return order != 0 ? Int(order) : a.count - b.count
    }
}
