import Foundation

/// The project files of each folder a run has listed, by absolute normalised path, shared by
/// everything that asks what a folder holds.
///
/// Finding a file's platforms and its entitlements walks up from its folder to the project root,
/// listing each folder on the way; discovery has already listed every folder below the arguments.
/// Listed again by each reader, those folders would cost a large share of the system calls of a run
/// (docs/PERFORMANCE.md). Discovery records what it read
/// here; folders above the arguments are listed on first use, once.
///
/// Thread-safe: the first pass asks for platforms from every core.
package final class FolderCatalog: @unchecked Sendable {
    private let lock = NSLock()
    private var folders: [String: ProjectFolder] = [:]

    package init() {}

    /// The project files in the folder at `path` (absolute and normalised, `Paths.absolute`).
    package func folder(at path: String) -> ProjectFolder {
        lock.lock()
        let known = folders[path]
        lock.unlock()
        if let known { return known }
        let listed = ProjectFolder(listing: path)
        record(listed, at: path)
        return listed
    }

    /// What a walk read in the folder at `path` (absolute and normalised).
    package func record(_ folder: ProjectFolder, at path: String) {
        lock.lock()
        folders[path] = folder
        lock.unlock()
    }

    /// How many folders are known, for tests.
    package var count: Int {
        lock.lock(); defer { lock.unlock() }
        return folders.count
    }
}
