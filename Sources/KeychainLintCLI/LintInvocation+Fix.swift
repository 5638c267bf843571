import KeychainLintReporters
import KeychainLintSupport
import KeychainLint
import KeychainLintRules

extension ScopedLinter {
    /// Rounds of fixing: two fixes that touch one spot are applied one per round, on the text the
    /// round before left, so a second `--fix` finds nothing more to do.
    static let maxFixRounds = 10

    /// Lints, applies every fix that fits in memory, and lints again with the fixed text until no
    /// fix is left (or `maxFixRounds`). Nothing is written here: the result is the run on the fixed
    /// text, and the changes are for the caller to write or show. With `--stdin-filename` only
    /// that file is fixed.
    func lintFixing(_ paths: [String], onlyPath: String?, includesUnsafe: Bool,
                    overlays: [String: [UInt8]]) -> Result<(ScopedResult, [FileChange]), RunSettings.Failure> {
        var session = FixSession(overlays: overlays, workingDirectory: workingDirectory, includesUnsafe: includesUnsafe)
        var round = 0
        while true {
            let lint = lint(paths, overlays: session.buffers)
            guard case .success(let scoped) = lint else { return lint.map { ($0, []) } }
            round += 1
            if session.undoUnhelpfulRound(given: scoped.result) { continue }
            if round > Self.maxFixRounds || !session.applyRound(scoped.result, onlyPath: onlyPath) {
                return .success((scoped, session.fileChanges))
            }
        }
    }
}

extension LintInvocation {
    /// Shows or writes what `--fix` changed. Returns the exit status when the run ends here: with
    /// `--diff` (1 when there is something to fix, as `git diff --exit-code`), with
    /// `--stdin-filename` (the fixed text goes to stdout instead of a report), or when a file
    /// cannot be written (2). Otherwise the files are written and the run goes on to report what is left.
    func deliver(_ run: LintRun) -> Int32? {
        let issues = run.changes.reduce(0) { $0 + $1.count }
        let summary = "\(CommandLineTool.count(issues, "issue")) in \(CommandLineTool.count(run.changes.count, "file"))" + unsafeHint(run)
        if options.diff {
            for change in run.changes { stdout.write(UnifiedDiff.render(old: change.before, new: change.after, path: Self.diffPath(change.path))) }
            if !options.quiet { stderr.write("keychain-lint: would fix \(summary)\n") }
            return run.changes.isEmpty ? ExitCode.success : ExitCode.errorFindings
        }
        if let path = options.stdinFilename {
            stdout.write(String(decoding: run.changes.first?.after ?? run.stdinText ?? [], as: UTF8.self))
            // What the fixes left goes to stderr, so the fixed text on stdout stays whole.
            let left = Self.keepingOnly(path, of: run.scoped.result)
            stderr.write(XcodeReporter().report(left))
            let unsafeLeft = unsafeFixesLeft(in: run)
            if !options.quiet, unsafeLeft > 0 {
                stderr.write("keychain-lint: \(unsafeLeft == 1 ? "1 unsafe fix" : "\(unsafeLeft) unsafe fixes") not applied (--unsafe-fixes applies them)\n")
            }
            return left.findings.isEmpty ? ExitCode.success : ExitCode.errorFindings
        }
        var failed = false
        for change in run.changes {
            do {
                try AtomicFile.replace(resolvingLinks(change.fileSystemPath), with: String(decoding: change.after, as: UTF8.self))
                if !options.quiet {
                    let rules = change.fixed.keys.sorted().map { id in change.fixed[id]! > 1 ? "\(id) ×\(change.fixed[id]!)" : id }
                    stderr.write("keychain-lint: fixed \(CommandLineTool.count(change.count, "issue")) in \(change.path) (\(rules.joined(separator: ", ")))\n")
                }
            } catch {
                stderr.write("keychain-lint: error: \(error)\n")
                failed = true
            }
        }
        if failed { return ExitCode.usage }
        if !options.quiet { stderr.write("keychain-lint: fixed \(summary)\n") }
        return nil
    }

    /// How many unsafe fixes the run left unapplied (in the `--stdin-filename` file only, when given).
    func unsafeFixesLeft(in run: LintRun) -> Int {
        guard !options.unsafeFixes else { return 0 }
        return run.scoped.result.findings.filter {
            $0.fix?.applicability == .unsafe && (options.stdinFilename == nil || $0.path == options.stdinFilename)
        }.count
    }

    /// " (2 more with --unsafe-fixes)" after the summary of what was fixed, or nothing.
    private func unsafeHint(_ run: LintRun) -> String {
        let left = unsafeFixesLeft(in: run)
        return left == 0 ? "" : " (\(left) more with --unsafe-fixes)"
    }

    /// `a/PATH` for the diff's headers: relative paths lose a leading `./`, so `git apply` and
    /// `patch -p1` find the file from the working directory.
    private static func diffPath(_ path: String) -> String {
        var p = Substring(path)
        while p.hasPrefix("./") { p = p.dropFirst(2) }
        return p.hasPrefix("/") ? String(p.dropFirst()) : String(p)
    }
}

/// The file a path names, through symbolic links: a fix replaces that file, not the link to it.
private func resolvingLinks(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
}
