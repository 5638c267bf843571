
/// Which settings govern each part of a walked tree, when a folder may carry its own settings file
/// (`.keychain-lint.json`): the nearest one at or above a file wins, as in ESLint and ruff.
/// Discovery asks and tags each `LintTarget` with the answer (`scope`); it reads no settings file
/// itself, so the command line, which owns the file format, implements this. Scopes are small
/// integers the implementation hands out; paths are given as opened (relative to the working
/// directory, or absolute).
package protocol FolderScopes: AnyObject {
    /// The name of the settings file that starts a scope in the folder holding it.
    var fileName: String { get }
    /// The scope governing files in `folder`, found by looking upward from it (for arguments).
    func scope(enclosing folder: String) -> Int
    /// The scope that a walked folder holding `fileName` starts.
    func scope(startedIn folder: String) -> Int
    /// The scope's include/exclude patterns; `nil` when it has none.
    func filter(_ scope: Int) -> PathFilter?
}
