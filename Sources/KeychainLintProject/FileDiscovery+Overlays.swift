import KeychainLintSupport

/// In-memory buffers that stand in for files (an editor's unsaved text, source read from stdin).
/// Discovery lints them like files on disk: a buffer whose path exists is found as usual and only
/// read from memory later; a buffer with no file behind it is linted too when an argument names
/// it or a walked folder argument holds it, so a new, unsaved file is not left out of the project.
extension FileDiscovery {
    /// `path` (as written, relative to the working directory) made absolute and normalised: the key
    /// of an overlay, so `a.swift`, `./a.swift` and `/cwd/a.swift` are one buffer.
    package static func overlayKey(_ path: String, workingDirectory: String?) -> String {
        Paths.absolute(fileSystemPath(path, workingDirectory: workingDirectory), base: Paths.currentDirectory())
    }

    /// A target for an argument that does not exist on disk but is an overlay; nil when it is not one.
    func overlayTarget(forArgument argument: String, fileSystemPath fsPath: String) -> LintTarget? {
        guard !overlays.isEmpty, overlays.contains(Self.overlayKey(fsPath, workingDirectory: nil)) else { return nil }
        let scope = scopes?.scope(enclosing: fsPath + "/..") ?? 0
        return LintTarget(path: argument, fileSystemPath: fsPath, explicit: true, scope: scope)
    }

    /// Overlays with no file on disk inside the folder arguments, as a walk would have found them:
    /// not below a skipped folder, with a name the walk collects, admitted by the patterns.
    func overlayOnlyTargets(under arguments: [String], besides found: [LintTarget]) -> [LintTarget] {
        guard !overlays.isEmpty else { return [] }
        let present = Set(found.map { Self.overlayKey($0.fileSystemPath, workingDirectory: nil) })
        var added: [LintTarget] = []
        var taken = present
        for argument in arguments {
            let fsPath = Self.trimmingTrailingSlashes(Self.fileSystemPath(argument, workingDirectory: workingDirectory))
            let folder = Self.overlayKey(fsPath, workingDirectory: nil)
            var st = stat()
            guard stat(fsPath, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else { continue }
            for key in overlays.sorted() where !taken.contains(key) {
                guard let rel = Paths.relative(key, inside: folder), !rel.isEmpty else { continue }
                let parts = rel.split(separator: "/").map(String.init)
                guard !parts.dropLast().contains(where: Self.isSkippedFolder), wants(parts.last!) else { continue }
                let scope = scopes?.scope(enclosing: Paths.parent(key)) ?? 0
                let filter = scopes.map { $0.filter(scope) } ?? self.filter
                guard filter?.admitsFile(key, checkAncestors: true) ?? true else { continue }
                taken.insert(key)
                added.append(LintTarget(path: Self.trimmingTrailingSlashes(argument) + "/" + rel, fileSystemPath: key,
                                        explicit: false, scope: scope))
            }
        }
        return added
    }
}
