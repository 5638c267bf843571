/// The configuration's `include` and `exclude` patterns, applied to what a folder walk finds.
///
/// Patterns are relative to the configuration file's folder (`root`); files and folders outside
/// it are neither included nor excluded by them. A folder that matches an `exclude` pattern is
/// not entered at all, and neither is a folder argument inside one. A file is linted when it
/// matches no `exclude` pattern and, if there are `include` patterns, it or a folder above it
/// (below `root`) matches one.
///
/// Files named on the command line are linted whatever the patterns say, as the README promises,
/// unless `appliesToArguments` (`--force-exclude`): then they are judged like found files, so a
/// pre-commit hook that passes each staged file still honours `exclude`.
package struct PathFilter {
    /// The configuration file's folder: absolute and normalised.
    package var root: String
    package var include: [Glob]
    package var exclude: [Glob]
    /// Resolves relative walk paths: the working directory, absolute.
    package var base: String
    package var appliesToArguments = false

    package init(root: String, include: [Glob], exclude: [Glob], base: String, appliesToArguments: Bool = false) {
        self.root = root
        self.include = include
        self.exclude = exclude
        self.base = base
        self.appliesToArguments = appliesToArguments
    }

    package var isEmpty: Bool { include.isEmpty && exclude.isEmpty }

    private func relative(_ fileSystemPath: String) -> String? {
        Paths.relative(Paths.absolute(fileSystemPath, base: base), inside: root)
    }

    /// A folder that must not be entered: one that matches an `exclude` pattern, or with
    /// `orAbove` (a folder argument, which no walk above it has judged) one inside an excluded folder.
    package func excludesFolder(_ fileSystemPath: String, orAbove: Bool = false) -> Bool {
        guard !exclude.isEmpty, let rel = relative(fileSystemPath), !rel.isEmpty else { return false }
        return (orAbove ? Self.selfAndAncestors(rel) : [rel]).contains { path in exclude.contains { $0.matches(path) } }
    }

    /// Whether a file is linted. `checkAncestors` also tests the folders above it (below `root`)
    /// against `exclude`, for files named on the command line, whose folders no walk has judged.
    package func admitsFile(_ fileSystemPath: String, checkAncestors: Bool) -> Bool {
        guard !isEmpty, let rel = relative(fileSystemPath) else { return true }
        let chain = Self.selfAndAncestors(rel)
        if (checkAncestors ? chain : [rel]).contains(where: { path in exclude.contains { $0.matches(path) } }) { return false }
        return include.isEmpty || chain.contains { path in include.contains { $0.matches(path) } }
    }

    /// `a/b/c` → `a/b/c`, `a/b`, `a`.
    private static func selfAndAncestors(_ rel: String) -> [String] {
        var chain = [rel]
        var folder = Substring(rel)
        while let slash = folder.lastIndex(of: "/") {
            folder = folder[..<slash]
            chain.append(String(folder))
        }
        return chain
    }
}
