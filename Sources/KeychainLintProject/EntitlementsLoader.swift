import Foundation
import KeychainLintModel

/// Reads the `.entitlements` files a run needs: those inside the linted paths (their findings are
/// reported) and those anywhere under the project root above each path (context only), so that a
/// pre-commit hook passing single files still sees the target's entitlements.
///
/// A project is the nearest folder holding a `Package.swift` or an `.xcodeproj`; an entitlements
/// file belongs to its nearest project, and a Swift file is compared only with its own project's.
package final class EntitlementsLoader {
    package let workingDirectory: String?
    /// The working directory made absolute, once: relative arguments are resolved against it.
    private let base: String
    /// What each folder holds, shared with discovery's walk, which has listed most of them.
    private let folders: FolderCatalog
    private var rootCache: [String: String?] = [:]
    /// In-memory buffers by `FileDiscovery.overlayKey`, read instead of the files they stand for.
    package var overlays: [String: [UInt8]] = [:]
    /// Each project root's build settings, read the first time one of its entitlements values
    /// names a setting (most projects never do, and pay nothing).
    private var buildSettings: [String: ProjectBuildSettings] = [:]
    /// Expansions by project root and value: the targets of an app often share their entries.
    private var expansions: [String: [String: BuildVariableExpansion]] = [:]

    package init(workingDirectory: String?, folders: FolderCatalog = FolderCatalog()) {
        self.workingDirectory = workingDirectory
        let cwd = FileManager.default.currentDirectoryPath
        base = Paths.absolute(workingDirectory ?? cwd, base: cwd)
        self.folders = folders
    }

    package struct Loaded {
        /// Every entitlements file found, by the project root it belongs to ("" when none).
        package var byProject: [String: [EntitlementsFile]] = [:]
        /// The ones inside the linted paths, whose own findings are reported.
        package var linted: [EntitlementsFile] = []
        package var warnings: [String] = []
        /// Files named on the command line that cannot be used: as for a Swift file, an error.
        package var errors: [String] = []
    }

    package func load(linted targets: [LintTarget], arguments: [String]) -> Loaded {
        var loaded = Loaded()
        var seen = Set<String>()
        for target in targets {
            // Seen before it is read: a plist that cannot be read is warned about once, under its name.
            seen.insert(Self.canonical(target.fileSystemPath))
            let file = target.explicit ? read(target.path, fileSystemPath: target.fileSystemPath, errors: &loaded.errors)
                                       : read(target.path, fileSystemPath: target.fileSystemPath, warnings: &loaded.warnings)
            guard let file else { continue }
            loaded.linted.append(file)
            loaded.byProject[projectRoot(of: target.fileSystemPath) ?? "", default: []].append(file)
        }
        var discovery = FileDiscovery(workingDirectory: nil)
        discovery.includesSwiftFiles = false
        discovery.catalog = folders
        for root in Set(arguments.compactMap(projectRoot(of:))).sorted() {
            for target in discovery.discover([root]).targets where seen.insert(Self.canonical(target.fileSystemPath)).inserted {
                if let file = read(target.path, fileSystemPath: target.fileSystemPath, warnings: &loaded.warnings) {
                    loaded.byProject[projectRoot(of: target.fileSystemPath) ?? "", default: []].append(file)
                }
            }
        }
        // Only reading expands build settings, and the loader lives as long as the run: a large
        // project's settings are megabytes.
        buildSettings = [:]
        expansions = [:]
        return loaded
    }

    /// A file found while walking: what cannot be used is skipped with a warning.
    private func read(_ path: String, fileSystemPath: String, warnings: inout [String]) -> EntitlementsFile? {
        switch parse(path, fileSystemPath: fileSystemPath) {
        case .success(let file): return file
        case .failure(let problem):
            warnings.append("skipping \(path): \(problem.reason)")
            return nil
        }
    }

    /// A file named on the command line: what cannot be used is an error, `REASON: PATH`.
    private func read(_ path: String, fileSystemPath: String, errors: inout [String]) -> EntitlementsFile? {
        switch parse(path, fileSystemPath: fileSystemPath) {
        case .success(let file): return file
        case .failure(let problem):
            errors.append("\(problem.explicitReason): \(path)")
            return nil
        }
    }

    private struct Unusable: Error {
        /// As warnings have said it: "cannot be read", or the parser's message.
        var reason: String
        /// Why, for an error message: the system's reason when the file cannot be read.
        var explicitReason: String
    }

    private func parse(_ path: String, fileSystemPath: String) -> Result<EntitlementsFile, Unusable> {
        let bytes: [UInt8]
        switch overlay(fileSystemPath).map(Result.success) ?? FileReader.read(fileSystemPath) {
        case .success(let b): bytes = b
        case .failure(.system(let code)):
            return .failure(Unusable(reason: "cannot be read", explicitReason: FileDiscovery.describe(code)))
        }
        switch EntitlementsFile.parse(path: path, bytes: bytes) {
        case .success(let file): return .success(expandingBuildSettings(in: file, fileSystemPath: fileSystemPath))
        case .failure(let error): return .failure(Unusable(reason: "\(error)", explicitReason: "\(error)"))
        }
    }

    /// The file with each value that names a build setting of the project (not the two team prefix
    /// variables) expanded through the project's settings (`BuildVariableExpander`). A file
    /// outside any project expands against no settings: its variables stay unresolved.
    private func expandingBuildSettings(in file: EntitlementsFile, fileSystemPath: String) -> EntitlementsFile {
        let needed = { (group: EntitlementsFile.Group) in BuildValue.namesProjectSetting(group.value) }
        guard file.keychainAccessGroups.contains(where: needed) || file.applicationGroups.contains(where: needed) else { return file }
        let root = projectRoot(of: fileSystemPath)
        let expander = BuildVariableExpander(settings: root.map(settings(ofProjectAt:)) ?? .empty)
        var known = expansions[root ?? ""] ?? [:]
        func expand(_ groups: inout [EntitlementsFile.Group]) {
            for i in groups.indices where needed(groups[i]) {
                let expansion = known[groups[i].value] ?? expander.expand(groups[i].value)
                known[groups[i].value] = expansion
                groups[i].expansion = expansion
            }
        }
        var file = file
        expand(&file.keychainAccessGroups)
        expand(&file.applicationGroups)
        expansions[root ?? ""] = known
        return file
    }

    private func settings(ofProjectAt root: String) -> ProjectBuildSettings {
        if let known = buildSettings[root] { return known }
        let settings = ProjectBuildSettings.load(projectRoot: root) { path in
            self.overlay(path) ?? (try? FileReader.read(path).get())
        }
        buildSettings[root] = settings
        return settings
    }

    /// The nearest folder at or above the path that is a project's root (`ProjectFolder`).
    package func projectRoot(of argument: String) -> String? {
        let path = Paths.absolute(argument, base: base)
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            // An unsaved buffer belongs to the project of the folder it would be saved in.
            return overlays[path] == nil ? nil : root(ofFolder: Paths.parent(path))
        }
        return root(ofFolder: isDirectory.boolValue ? path : Paths.parent(path))
    }

    /// The project root of a file discovery found: no need to ask whether it is a folder.
    package func projectRoot(ofFileAt path: String) -> String? {
        root(ofFolder: Paths.parent(Paths.absolute(path, base: base)))
    }

    private func root(ofFolder folder: String) -> String? {
        var visited: [String] = []
        let found = FolderWalk.nearest(from: folder) { current -> String?? in
            if let cached = rootCache[current] { return .some(cached) }
            visited.append(current)
            return folders.folder(at: current).isProjectRoot ? .some(current) : nil
        }
        let root = found ?? nil
        for folder in visited { rootCache[folder] = root }
        return root
    }

    private func overlay(_ fileSystemPath: String) -> [UInt8]? {
        overlays.isEmpty ? nil : overlays[FileDiscovery.overlayKey(fileSystemPath, workingDirectory: nil)]
    }

    private static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }
}
