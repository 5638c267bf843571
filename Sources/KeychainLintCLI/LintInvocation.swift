import KeychainLint
import Dispatch
import Foundation
import KeychainLintProject
import KeychainLintReporters

/// A lint run of the command (swift-format's `LintFrontend`): the options, the settings resolved
/// from them and the configuration files, the reporter and the streams. Its methods are the run's
/// steps: read stdin, lint (fixing with `--fix`), deliver the fixes, write a baseline or report.
struct LintInvocation {
    typealias ExitCode = CommandLineTool.ExitCode

    let options: Options
    let settings: RunSettings
    let reporter: any Reporter
    let environment: [String: String]
    let workingDirectory: String?
    let stdin: any InputSource
    let stdout: any OutputSink
    let stderr: any OutputSink

    init(_ invocation: Invocation, settings: RunSettings, reporter: any Reporter) {
        options = invocation.options
        self.settings = settings
        self.reporter = reporter
        environment = invocation.environment
        workingDirectory = invocation.workingDirectory
        stdin = invocation.stdin
        stdout = invocation.stdout
        stderr = invocation.stderr
    }

    /// Lints each file with the configuration that governs it.
    var linter: ScopedLinter {
        ScopedLinter(settings: settings, environment: environment, workingDirectory: workingDirectory)
    }

    /// What the lint step of a run produced: the result (with `--fix`, on the fixed text), the
    /// files `--fix` changed, and the text read from stdin.
    struct LintRun {
        var scoped: ScopedResult
        var changes: [FileChange] = []
        var stdinText: [UInt8]?
    }

    /// Lints, then delivers the fixes, writes the baseline or reports. Returns the exit status.
    func run() -> Int32 {
        let start = DispatchTime.now().uptimeNanoseconds
        let run: LintRun
        switch lint() {
        case .success(let done): run = done
        case .failure(let failure):
            stderr.write("keychain-lint: error: \(failure)\n")
            return ExitCode.usage
        }
        let scoped = run.scoped
        var result = options.stdinFilename.map { Self.keepingOnly($0, of: scoped.result) } ?? scoped.result
        result.sourceRoot = SourceRoot.find(from: settings.base)
        for problem in result.problems {
            stderr.write("keychain-lint: \(problem.kind == .warning ? "warning" : "error"): \(problem.message)\n")
        }
        if let status = Self.checkSomethingWasLinted(result, strict: options.strictFiles, stderr: stderr) { return status }
        if options.fixes, let status = deliver(run) { return status }
        if let file = settings.writeBaseline {
            return writeBaseline(result, to: file, start: start)
        }
        let colors = reporter is XcodeReporter && options.color.colors(terminal: stdout.isTerminal, environment: environment)
        return report(result, hidden: scoped.hidden, colors: colors, start: start)
    }

    /// Reads stdin when `--stdin-filename` asks, then lints, fixing with `--fix`/`--diff`.
    func lint() -> Result<LintRun, RunSettings.Failure> {
        standardInputOverlay().flatMap { overlays in
            let paths = options.stdinFilename.map { [$0] + options.paths } ?? options.paths
            let stdinText = overlays.values.first
            guard options.fixes else {
                return linter.lint(paths, overlays: overlays).map { LintRun(scoped: $0, stdinText: stdinText) }
            }
            return linter.lintFixing(paths, onlyPath: options.stdinFilename, includesUnsafe: options.unsafeFixes, overlays: overlays)
                .map { LintRun(scoped: $0.0, changes: $0.1, stdinText: stdinText) }
        }
    }

    /// A run that lints no file at all, with no path in error to explain it, is most likely a
    /// mistake (an `include` that matches nothing, a wrong folder): a warning, or with
    /// `--strict-files` an error and status 2. Returns the status when the run stops here.
    static func checkSomethingWasLinted(_ result: LintResult, strict: Bool, stderr: any OutputSink) -> Int32? {
        guard result.filesLinted == 0, !result.hasPathErrors else { return nil }
        let message = "no file was linted: the paths hold no Swift or entitlements file, or the configuration's include/exclude left none"
        stderr.write("keychain-lint: \(strict ? "error" : "warning"): \(message)\n")
        return strict ? ExitCode.usage : nil
    }

    /// Writes the report (baselines already applied; `hidden` findings they hid) to stdout and
    /// every `--output` file, and the summary line to stderr. Returns the exit status.
    private func report(_ result: LintResult, hidden: Int?, colors: Bool, start: UInt64) -> Int32 {
        var pathError = result.hasPathErrors

        let text = reporter.report(result)
        stdout.write(colors ? TerminalColors.highlight(text) : text)
        for output in options.outputs {
            guard let extra = ReporterRegistry.reporter(named: output.format) else { continue }
            do {
                try AtomicFile.replace(FileDiscovery.fileSystemPath(output.path, workingDirectory: workingDirectory), with: extra.report(result))
            } catch {
                stderr.write("keychain-lint: error: \(error)\n")
                pathError = true
            }
        }

        if let stamp = options.buildStamp {
            pathError = !BuildStamp.update(stamp, clean: !pathError && result.errorCount == 0 && result.unreadableFiles.isEmpty, result: result,
                                           workingDirectory: workingDirectory, stderr: stderr) || pathError
        }

        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        // After a path error with nothing linted, "Linted 0 files: 0 errors" would read as a clean run.
        if !options.quiet && !(pathError && result.filesLinted == 0) {
            stderr.write(CommandLineTool.summary(files: result.filesLinted, errors: result.errorCount, warnings: result.warningCount,
                                                 seconds: seconds, hidden: hidden, unreadable: result.unreadableFiles.count))
        }

        if pathError { return ExitCode.usage }
        let failing = result.errorCount + (options.strict ? result.warningCount : 0) + result.unreadableFiles.count
        return failing > 0 ? ExitCode.errorFindings : ExitCode.success
    }

    /// `--write-baseline`: records every finding and reports none. When a path could not be read
    /// the baseline would be incomplete, so nothing is written and the status is 2.
    private func writeBaseline(_ result: LintResult, to file: RunSettings.File, start: UInt64) -> Int32 {
        guard !result.hasPathErrors else {
            stderr.write("keychain-lint: error: baseline \(file.path) not written: some paths could not be linted\n")
            return ExitCode.usage
        }
        let baseline = Baseline(recording: result.findings, of: result, keying: settings.keying(for: file))
        do {
            try AtomicFile.replace(file.fileSystemPath, with: baseline.rendered())
        } catch {
            stderr.write("keychain-lint: error: \(error)\n")
            return ExitCode.usage
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if options.quiet { return ExitCode.success }
        let count = CommandLineTool.count
        stderr.write("Linted \(count(result.filesLinted, "file")) in \(String(format: "%.2f", seconds)) s; "
                     + "wrote \(count(result.findings.count, "finding")) to the baseline \(file.path)\n")
        return ExitCode.success
    }
}
