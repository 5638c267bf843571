import KeychainLintProject

/// The configuration files of one run, each a scope: the nearest `.keychain-lint.json` at or
/// above a file governs it (as in ESLint and ruff; nothing is merged across files), a file with
/// none above it is governed by the fallback (scope 0: the one found from the working directory,
/// or none), and with `--config` scope 0 governs every file. Files are loaded as the walk meets
/// them; the first that cannot be used is kept in `failure` and the run stops with status 2.
final class ConfigScopes: FolderScopes {
    let fileName = Configuration.fileName
    /// Settings by scope number.
    private(set) var all: [RunSettings.Scope]
    private(set) var failure: RunSettings.Failure?
    private let maker: RunSettings.ScopeMaker
    private let fixed: Bool
    /// Whether `--config` fixed the one configuration of the run.
    var isFixed: Bool { fixed }
    /// Absolute path of a configuration file → its scope.
    private var scopeOfFile: [String: Int] = [:]
    /// Absolute folder → the scope of the files in it, for the look-up upward.
    private var scopeOfFolder: [String: Int] = [:]

    /// - Parameters:
    ///   - path: the fallback's file (absolute), so a look-up that reaches it finds scope 0.
    ///   - fixed: `--config` was given: no other file is looked for.
    init(fallback: RunSettings.Scope, path: String?, fixed: Bool, maker: RunSettings.ScopeMaker) {
        self.all = [fallback]
        self.fixed = fixed
        self.maker = maker
        if let path { scopeOfFile[path] = 0 }
    }

    func scope(enclosing folder: String) -> Int {
        fixed ? 0 : nearest(Paths.absolute(folder, base: maker.base))
    }

    func scope(startedIn folder: String) -> Int {
        guard !fixed else { return 0 }
        let absolute = Paths.absolute(folder, base: maker.base)
        let scope = scope(ofFileAt: Self.join(absolute, fileName))
        scopeOfFolder[absolute] = scope
        return scope
    }

    func filter(_ scope: Int) -> PathFilter? { all[scope].filter }

    private func nearest(_ folder: String) -> Int {
        if let known = scopeOfFolder[folder] { return known }
        let candidate = Self.join(folder, fileName)
        if !FileStatus.exists(candidate), let misnamed = Configuration.misnamed(in: folder), failure == nil {
            failure = Configuration.misnamedFailure(misnamed)
        }
        let scope = FileStatus.exists(candidate) ? scope(ofFileAt: candidate) : folder == "/" ? 0 : nearest(Paths.parent(folder))
        scopeOfFolder[folder] = scope
        return scope
    }

    private func scope(ofFileAt path: String) -> Int {
        if let known = scopeOfFile[path] { return known }
        do throws(RunSettings.Failure) {
            let config = try maker.load(RunSettings.File(path: path, fileSystemPath: path))
            all.append(try maker.scope(for: config))
            scopeOfFile[path] = all.count - 1
        } catch {
            if failure == nil { failure = error }
            scopeOfFile[path] = 0
        }
        return scopeOfFile[path]!
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder == "/" ? "/" + name : folder + "/" + name
    }
}
