import KeychainLint
import KeychainLintProject
import KeychainLintSupport

/// `--build-stamp PATH`, the output file of the build-tool plugin's command. The build system
/// reruns a command when an input changed or an output is missing, so the stamp is written only
/// by a run without error findings (its warnings were shown once, like a compiler's) and removed
/// by any other, so a failing target fails again on the next build. The plugin declares it as a
/// Swift source, the one kind of output SwiftPM takes without making it a resource, so its
/// content is a comment.
enum BuildStamp {
    /// Writes or removes the stamp; false (after a message on stderr) when that failed.
    static func update(_ path: String, clean: Bool, result: LintResult, workingDirectory: String?,
                       stderr: any OutputSink) -> Bool {
        let file = FileDiscovery.fileSystemPath(path, workingDirectory: workingDirectory)
        guard clean else {
            if unlink(file) != 0 && errno != ENOENT {
                stderr.write("keychain-lint: error: cannot remove \(path): \(FileDiscovery.describe(errno))\n")
                return false
            }
            return true
        }
        do {
            let files = result.filesLinted == 1 ? "1 file" : "\(result.filesLinted) files"
            let warnings = result.warningCount == 1 ? "1 warning" : "\(result.warningCount) warnings"
            try AtomicFile.replace(file, with: "// keychain-lint \(ToolInfo.version): \(files), \(warnings), no error\n")
            return true
        } catch {
            stderr.write("keychain-lint: error: \(error)\n")
            return false
        }
    }
}
