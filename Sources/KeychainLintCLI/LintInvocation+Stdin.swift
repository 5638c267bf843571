import KeychainLint
import KeychainLintProject

extension LintInvocation {
    /// `--stdin-filename PATH`: the text on stdin as an overlay of PATH (keyed as the engine looks
    /// it up), so it is linted with PATH's configuration, project and platforms whether or not a
    /// file exists there. No option: no overlay. Text that is not UTF-8 cannot be linted: an error.
    func standardInputOverlay() -> Result<[String: [UInt8]], RunSettings.Failure> {
        guard let path = options.stdinFilename else { return .success([:]) }
        switch stdin.readAll() {
        case .success(let bytes):
            guard UTF8Validator.isValid(bytes) else {
                return .failure(RunSettings.Failure(description: "stdin is not valid UTF-8 (--stdin-filename \(path))"))
            }
            return .success([FileDiscovery.overlayKey(path, workingDirectory: workingDirectory): bytes])
        case .failure(.system(let code)):
            return .failure(RunSettings.Failure(description: "cannot read stdin: \(FileDiscovery.describe(code))"))
        }
    }

    /// The stdin file's part of a run that also read other paths as its project: only its findings,
    /// counted as the one file linted. Problems (unreadable context paths) stay, as they explain gaps.
    static func keepingOnly(_ path: String, of result: LintResult) -> LintResult {
        var kept = result
        kept.findings = result.findings.filter { $0.path == path }
        kept.lineTexts = result.lineTexts.filter { $0.key == path }
        kept.lintedPaths = [path]
        kept.filesLinted = result.lintedPaths.contains(path) ? 1 : 0
        return kept
    }
}
