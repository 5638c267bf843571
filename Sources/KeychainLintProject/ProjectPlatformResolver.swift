import KeychainLintSyntax
import Foundation

/// Finds the platforms a file's project builds for, from the nearest project file above it.
/// Caches per directory: a tree of thousands of files reads each project file once.
/// Thread-safe: the CLI lints files in parallel.
///
/// The project file that decides is the nearest `Package.swift` or `*.xcodeproj` in the file's folder
/// or an ancestor (both at one level: their union). Only when neither exists anywhere up to `/` does the
/// nearest `Podfile` / `*.podspec` that names a platform decide (`PodFolder`: of several podspecs in one
/// folder, those whose `source_files` build the file). Otherwise `.all` (macOS assumed possible).
/// The readers of each file format are `PackageManifestReader`, `XcodeProjectReader` and `CocoaPodsReader`.
package final class ProjectPlatformResolver: @unchecked Sendable {
    /// What a directory's walk upward found.
    private enum Decision {
        /// A `Package.swift` or `.xcodeproj` in this directory or an ancestor.
        case project(ProjectFacts)
        /// No such project up to `/`; the nearest folder whose CocoaPods files name platforms, if any.
        case noProject(pods: PodFolder?)
    }

    /// What a folder's files get: one answer for all, or one per file (several podspecs in a folder).
    private enum FolderAnswer {
        case same(PlatformSet)
        case perFile(PodFolder, absoluteFolder: String)

        init(_ decision: Decision, folder: String) {
            switch decision {
            case .project(let facts): self = .same(facts.platforms)
            case .noProject(nil): self = .same(.all)
            case .noProject(let pods?): self = pods.decidesPerFile ? .perFile(pods, absoluteFolder: folder) : .same(pods.all)
            }
        }
    }

    private let lock = NSLock()
    private var cache: [String: Decision] = [:]
    /// By a file's folder as the caller spelled it: the files of one folder are asked about one
    /// after another, and standardising every path costs more than the answer.
    private var byFolderAsGiven: [Substring: FolderAnswer] = [:]
    private var reads = 0
    /// What relative paths are resolved against, asked once (`getcwd` per folder was a visible cost).
    private let currentDirectory: String
    /// What each folder holds, shared with discovery's walk, which has listed most of them.
    private let folders: FolderCatalog

    /// Resolves relative paths against `currentDirectory` (the process's current directory when
    /// `nil`), and reads folders through `folders`.
    package init(currentDirectory: String? = nil, folders: FolderCatalog = FolderCatalog()) {
        self.currentDirectory = currentDirectory ?? FileManager.default.currentDirectoryPath
        self.folders = folders
    }

    /// How many project files (manifests, `project.pbxproj`, Podfiles, podspecs) have been read so far.
    package var projectFileReads: Int {
        lock.lock(); defer { lock.unlock() }
        return reads
    }

    /// The platforms for the file at `path` (relative to the current directory or absolute).
    /// `.all` when no project file says.
    package func platforms(forFileAt path: String) -> PlatformSet {
        let separator = path.utf8.lastIndex(of: 0x2F)
        let folder = separator.map { path[..<$0] } ?? ""
        lock.lock()
        var answer = byFolderAsGiven[folder]
        lock.unlock()
        if answer == nil {
            let directory = Paths.parent(Paths.absolute(path, base: currentDirectory))
            let found = FolderAnswer(decision(forDirectory: directory), folder: directory)
            lock.lock()
            byFolderAsGiven[folder] = found
            lock.unlock()
            answer = found
        }
        switch answer {
        case .same(let set)?:
            return set
        case .perFile(let pods, let absoluteFolder)?:
            let name = separator.map { path[path.utf8.index(after: $0)...] } ?? path[...]
            return pods.platforms(forFileAt: Paths.join(absoluteFolder, String(name)))
        case nil:
            return .all
        }
    }

    /// Whether the file at `path` is built only into a plain command-line tool, as the nearest
    /// project files say (`ProjectFacts.buildsCommandLineTool`); false when no project file decides.
    package func buildsCommandLineTool(fileAt path: String) -> Bool {
        let absolute = Paths.absolute(path, base: currentDirectory)
        guard case .project(let facts) = decision(forDirectory: Paths.parent(absolute)) else { return false }
        return facts.buildsCommandLineTool(fileAt: absolute)
    }

    private func decision(forDirectory directory: String) -> Decision {
        // Held across the file reads, so concurrent callers never read one project file twice.
        lock.lock(); defer { lock.unlock() }

        var chain: [(directory: String, folder: ProjectFolder)] = []
        var base = FolderWalk.nearest(from: directory) { current -> Decision? in
            if let cached = cache[current] { return cached }
            let folder = folders.folder(at: current)
            if folder.isProjectRoot {
                let decision = Decision.project(readProject(in: current, folder))
                cache[current] = decision
                return decision
            }
            chain.append((current, folder))
            return nil
        } ?? .noProject(pods: nil)
        // Top down: a nearer CocoaPods file overrides a farther one, but only when no project was found.
        for (dir, folder) in chain.reversed() {
            if case .noProject(let farther) = base, folder.hasPods {
                base = .noProject(pods: readPods(in: dir, folder) ?? farther)
            }
            cache[dir] = base
        }
        return base
    }

    // MARK: Reading one level

    private func readProject(in directory: String, _ folder: ProjectFolder) -> ProjectFacts {
        var contributions: [PlatformSet] = []
        var facts = ProjectFacts(platforms: .all)
        if folder.packageManifest, let text = read(Paths.join(directory, "Package.swift")) {
            contributions.append(PackageManifestReader.platforms(manifest: text))
            facts.packageToolFolders = PackageManifestReader.executableTargetFolders(manifest: text)
                .map { Paths.absolute($0, base: directory) }
        }
        for project in folder.xcodeprojs {
            let text = read(Paths.join(Paths.join(directory, project), "project.pbxproj"))
            if let text { contributions.append(XcodeProjectReader.platforms(pbxproj: text) ?? .all) }
            // An unreadable project may build anything.
            let onlyTools = text.map(XcodeProjectReader.buildsOnlyCommandLineTools(pbxproj:)) ?? false
            facts.xcodeBuildsOnlyTools = (facts.xcodeBuildsOnlyTools ?? true) && onlyTools
        }
        // Unreadable project files are skipped; a level with nothing readable still decides, as `.all`.
        if !contributions.isEmpty { facts.platforms = contributions.reduce(PlatformSet()) { $0.union($1) } }
        return facts
    }

    private func readPods(in directory: String, _ folder: ProjectFolder) -> PodFolder? {
        var found = PlatformSet()
        if folder.podfile, let text = read(Paths.join(directory, "Podfile")) {
            found.formUnion(CocoaPodsReader.platforms(podfile: text))
        }
        var podspecs: [PodspecFiles] = []
        for spec in folder.podspecs {
            guard let text = read(Paths.join(directory, spec)) else { continue }
            let isJSON = spec.hasSuffix(".json")
            let platforms = isJSON ? CocoaPodsReader.platforms(podspecJSON: text) : CocoaPodsReader.platforms(podspec: text)
            found.formUnion(platforms)
            // Which files each one builds matters only when there are several.
            if folder.podspecs.count >= 2 {
                let sources = isJSON ? PodspecSources.read(podspecJSON: text) : PodspecSources.read(podspec: text)
                podspecs.append(PodspecFiles(sources, platforms: platforms, directory: directory))
            }
        }
        return found.isEmpty ? nil : PodFolder(directory: directory, all: found, podspecs: podspecs)
    }

    private func read(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        reads += 1
        return String(decoding: data, as: UTF8.self)
    }
}
