import KeychainLintSyntax

/// What the project files of one level (a folder's `Package.swift` and `*.xcodeproj`s) say about
/// the Swift files under it: the platforms they build for, and which files go into a plain
/// command-line tool.
struct ProjectFacts: Sendable {
    var platforms: PlatformSet
    /// The absolute folders of the package's executable targets; nil when the level has no
    /// readable `Package.swift`.
    var packageToolFolders: [String]?
    /// Whether every Xcode project of the level builds only command-line tools without
    /// entitlements; nil when the level has no Xcode project.
    var xcodeBuildsOnlyTools: Bool?

    /// Whether the file at the absolute `path` is built only into a command-line tool: every
    /// project file of the level says so (a package, when the file is in one of its executable
    /// targets' folders; an Xcode project, when it builds nothing else), and at least one speaks.
    func buildsCommandLineTool(fileAt path: String) -> Bool {
        var opinions: [Bool] = []
        if let folders = packageToolFolders {
            opinions.append(folders.contains { path.hasPrefix($0 + "/") })
        }
        if let onlyTools = xcodeBuildsOnlyTools { opinions.append(onlyTools) }
        return !opinions.isEmpty && !opinions.contains(false)
    }
}
