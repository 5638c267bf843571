import KeychainLintSupport

/// The project a file named on the command line is analysed in, so that it gets the findings a
/// run over that project gives it (a helper declared in a file nobody named is still followed):
/// the nearest folder at or above the file that holds the run's configuration file (that
/// configuration's files are one project to the engine), else the repository (a folder holding
/// `.git`, what CI lints), else the nearest `Package.swift` or `.xcodeproj` folder. A file in
/// none of these is analysed alone.
package enum ProjectAround {
    /// The folder, absolute; nil when the file has no project around it. `configurationFileName`
    /// is nil when the run's configuration is fixed (`--config`): then no other is looked for.
    package static func folder(aroundFileAt absolutePath: String, configurationFileName: String?,
                               folders: FolderCatalog) -> String? {
        let start = Paths.parent(absolutePath)
        if let name = configurationFileName,
           let found = FolderWalk.nearest(from: start, { exists(Paths.join($0, name)) ? $0 : nil }) {
            return found
        }
        if let repository = FolderWalk.nearest(from: start, { exists(Paths.join($0, ".git")) ? $0 : nil }) {
            return repository
        }
        return FolderWalk.nearest(from: start) { folders.folder(at: $0).isProjectRoot ? $0 : nil }
    }

    private static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }
}
