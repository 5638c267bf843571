import KeychainLintSyntax
import Foundation

/// A folder whose CocoaPods files decide the platforms of the files under it (no `Package.swift` or
/// `.xcodeproj` up to `/`). With several podspecs, the ones whose `source_files` build a file decide
/// its platforms; all of them, with the `Podfile`, only when none does.
struct PodFolder {
    /// Absolute and normalised.
    let directory: String
    /// What the `Podfile` and every podspec name together.
    let all: PlatformSet
    /// Each podspec's files, when there are two or more (one podspec decides alone either way).
    let podspecs: [PodspecFiles]

    /// Whether the answer depends on the file, not only on its folder.
    var decidesPerFile: Bool { podspecs.count >= 2 }

    /// The platforms of the file at `path` (absolute and normalised, under `directory`).
    func platforms(forFileAt path: String) -> PlatformSet {
        guard decidesPerFile, path.hasPrefix(directory) else { return all }
        let relative = String(path.dropFirst(directory.count).drop(while: { $0 == "/" })).lowercased()
        var building = PlatformSet()
        var claimed = false
        for podspec in podspecs {
            guard let platforms = podspec.platforms(building: relative) else { continue }
            claimed = true
            building.formUnion(platforms)
        }
        return claimed ? building : all
    }
}

/// One podspec's patterns ready to match, with the platforms it names.
struct PodspecFiles {
    /// Empty when the podspec names none: CocoaPods then builds it for every platform.
    let platforms: PlatformSet
    private let sources: [(globs: [Glob], platform: Platform?)]
    private let excluded: [Glob]
    private let isOpaque: Bool

    /// `directory` is the podspec's folder: a pattern that names a folder in it means the source
    /// files directly in that folder (`Sources` is `Sources/*`), and an excluded folder all below it.
    init(_ read: PodspecSources, platforms: PlatformSet, directory: String) {
        self.platforms = platforms
        var opaque = read.isOpaque
        func globs(_ pattern: String, folderSuffix: String) -> [Glob] {
            let isLiteral = !pattern.contains(where: { "*?{[".contains($0) })
            var isFolder: ObjCBool = false
            let folder = isLiteral && FileManager.default.fileExists(atPath: Paths.join(directory, pattern), isDirectory: &isFolder)
                && isFolder.boolValue
            let text = folder ? (pattern.hasSuffix("/") ? pattern : pattern + "/") + folderSuffix : pattern
            guard let expanded = Glob.expandingBraces(text) else {
                opaque = true
                return []
            }
            return expanded.map { Glob($0.lowercased()) }
        }
        sources = read.patterns.map { (globs($0.text, folderSuffix: "*"), $0.platform) }
        excluded = read.excluded.flatMap { globs($0, folderSuffix: "**") }
        isOpaque = opaque
    }

    /// The platforms the podspec builds the file at `relative` (lowercased: CocoaPods ignores case)
    /// for, or nil when it does not build it. A podspec the reader cannot follow is taken to build it.
    func platforms(building relative: String) -> PlatformSet? {
        let named = platforms.isEmpty ? PlatformSet.all : platforms
        if isOpaque { return named }
        if excluded.contains(where: { $0.matches(relative) }) { return nil }
        var found: PlatformSet?
        for source in sources where source.globs.contains(where: { $0.matches(relative) }) {
            let limited = source.platform.map { named.intersection(PlatformSet($0)) } ?? named
            if !limited.isEmpty { found = (found ?? []).union(limited) }
        }
        return found
    }
}
