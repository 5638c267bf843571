import KeychainLintSyntax
import KeychainLintProject
import KeychainLint
import Dispatch
import Foundation
import KeychainLintModel
import KeychainLintReporters
import KeychainLintRules

/// The `keychain-lint` command. Returns the exit status; never exits and writes only to the sinks.
package enum CommandLineTool {
    package static let version = ToolInfo.version

    package enum ExitCode {
        package static let success: Int32 = 0
        package static let errorFindings: Int32 = 1
        package static let usage: Int32 = 2
    }

    /// Entry point of the executable: default rules, the process's stdout and stderr.
    package static func run(arguments: [String]) -> Int32 {
        run(arguments: arguments,
            environment: ProcessInfo.processInfo.environment,
            rules: Linter.defaultRules,
            stdin: FileDescriptorInput.standardInput,
            stdout: FileDescriptorSink.standardOutput,
            stderr: FileDescriptorSink.standardError)
    }

    /// Runs the tool in-process. A report that could not be written to stdout (a full disk, a
    /// closed pipe) ends the run with a message naming it and status 2, whatever it found.
    package static func run(
        arguments: [String],
        environment: [String: String] = [:],
        rules defaultRules: [ActiveRule],
        availableRules: [any Rule.Type] = RuleRegistry.all,
        workingDirectory: String? = nil,
        stdin: any InputSource = BufferInput(),
        stdout: any OutputSink,
        stderr: any OutputSink
    ) -> Int32 {
        let status = runCommand(arguments: arguments, environment: environment, rules: defaultRules, availableRules: availableRules,
                                workingDirectory: workingDirectory, stdin: stdin, stdout: stdout, stderr: stderr)
        if let failure = stdout.writeFailure {
            stderr.write("keychain-lint: error: cannot write to stdout: \(failure)\n")
            return ExitCode.usage
        }
        return status
    }

    /// The command, its output written to the sinks.
    /// - Parameters:
    ///   - environment: `KEYCHAIN_LINT_JOBS=1` lints files one after another instead of in parallel
    ///     (the output is the same either way). `KEYCHAIN_LINT_EXHAUSTIVE=1` turns off every
    ///     shortcut that skips work (prefilters, jumped-over bodies, the selective second pass):
    ///     slower, and by design the same output, which the benchmark and the tests check.
    ///   - rules: the rules on by default; `--enable`, `--disable` and `--only` change the set.
    ///   - availableRules: every rule `--enable`/`--only` may name and `rules` lists.
    ///   - workingDirectory: where relative paths are resolved; `nil` for the process's current
    ///     directory. Output paths stay exactly as written either way.
    ///   - stdin: read only with `--stdin-filename`; empty unless given.
    private static func runCommand(
        arguments: [String], environment: [String: String], rules defaultRules: [ActiveRule], availableRules: [any Rule.Type],
        workingDirectory: String?, stdin: any InputSource, stdout: any OutputSink, stderr: any OutputSink
    ) -> Int32 {
        let options: Options
        do {
            options = try Options.parse(arguments)
        } catch {
            stderr.write("keychain-lint: error: \(error)\nRun 'keychain-lint --help' for usage.\n")
            return ExitCode.usage
        }
        if case .languageServer = options.action {
            return serveLanguageServer(options, environment: environment, rules: defaultRules,
                                       availableRules: availableRules, stderr: stderr)
        }
        if case .inventory = options.action {
            return runInventory(options, environment: environment, rules: defaultRules, availableRules: availableRules,
                                workingDirectory: workingDirectory, stdout: stdout, stderr: stderr)
        }
        guard case .lint = options.action else {
            return inform(options, availableRules: availableRules, stdout: stdout, stderr: stderr)
        }
        let settings: RunSettings
        do {
            settings = try RunSettings.resolve(options, defaults: defaultRules, available: availableRules,
                                               workingDirectory: workingDirectory)
        } catch {
            stderr.write("keychain-lint: error: \(error)\n")
            return ExitCode.usage
        }
        guard let reporter = ReporterRegistry.reporter(named: options.format) else {
            // Options.parse validated the name; kept for safety.
            stderr.write("keychain-lint: error: \(UsageError.unknownFormat(options.format))\n")
            return ExitCode.usage
        }

        let start = DispatchTime.now().uptimeNanoseconds
        let run: LintRun
        switch lintRun(options, settings: settings, environment: environment, workingDirectory: workingDirectory, stdin: stdin) {
        case .success(let done): run = done
        case .failure(let failure):
            stderr.write("keychain-lint: error: \(failure)\n")
            return ExitCode.usage
        }
        let scoped = run.scoped
        var result = options.stdinFilename.map { keepingOnly($0, of: scoped.result) } ?? scoped.result
        result.sourceRoot = SourceRoot.find(from: settings.base)
        for problem in result.problems {
            stderr.write("keychain-lint: \(problem.kind == .warning ? "warning" : "error"): \(problem.message)\n")
        }
        if let status = checkSomethingWasLinted(result, strict: options.strictFiles, stderr: stderr) { return status }
        if options.fixes, let status = deliver(run, options: options, stdout: stdout, stderr: stderr) { return status }
        if let file = settings.writeBaseline {
            return writeBaseline(result, to: file, settings: settings, quiet: options.quiet, start: start, stderr: stderr)
        }
        let colors = reporter is XcodeReporter && options.color.colors(terminal: stdout.isTerminal, environment: environment)
        return report(result, hidden: scoped.hidden, with: reporter, colors: colors, options: options, start: start,
                      workingDirectory: workingDirectory, stdout: stdout, stderr: stderr)
    }

    /// `--help`, `--version`, `rules` and `explain`: the actions that lint nothing.
    private static func inform(_ options: Options, availableRules: [any Rule.Type],
                               stdout: any OutputSink, stderr: any OutputSink) -> Int32 {
        switch options.action {
        case .help:
            stdout.write(Options.usage)
        case .languageServerHelp:
            stdout.write(Options.languageServerUsage)
        case .version:
            stdout.write("keychain-lint \(version)\n")
        case .listRules(let format):
            stdout.write(format == .json ? RuleListing.json(availableRules) : RuleListing.text(availableRules))
        case .explain(let id):
            guard let rule = availableRules.first(where: { $0.description.id == id }) else {
                let suggestion = RuleSelection.closest(to: id, in: availableRules.map { $0.description.id })
                stderr.write("keychain-lint: error: \(UsageError.unknownRule(id, suggestion: suggestion))\n")
                return ExitCode.usage
            }
            stdout.write(RuleDocumentation.explanation(for: rule.description))
        case .inventoryHelp:
            stdout.write(Options.inventoryUsage)
        case .lint, .languageServer, .inventory:
            break
        }
        return ExitCode.success
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
    private static func report(_ result: LintResult, hidden: Int?, with reporter: any Reporter, colors: Bool, options: Options,
                               start: UInt64, workingDirectory: String?,
                               stdout: any OutputSink, stderr: any OutputSink) -> Int32 {
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
            stderr.write(summary(files: result.filesLinted, errors: result.errorCount, warnings: result.warningCount, seconds: seconds,
                                 hidden: hidden, unreadable: result.unreadableFiles.count))
        }

        if pathError { return ExitCode.usage }
        let failing = result.errorCount + (options.strict ? result.warningCount : 0) + result.unreadableFiles.count
        return failing > 0 ? ExitCode.errorFindings : ExitCode.success
    }

    /// `Linted N files: E errors, W warnings in T s`, then `; B findings hidden by the baseline` when one
    /// is in use, and `; U files could not be read` when some could not.
    package static func summary(files: Int, errors: Int, warnings: Int, seconds: Double, hidden: Int? = nil, unreadable: Int = 0) -> String {
        let line = "Linted \(count(files, "file")): \(count(errors, "error")), \(count(warnings, "warning")) in \(String(format: "%.2f", seconds)) s"
        let notRead = unreadable == 0 ? "" : "; \(count(unreadable, "file")) could not be read"
        return line + (hidden.map { "; \(count($0, "finding")) hidden by the baseline" } ?? "") + notRead + "\n"
    }

    static func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    /// `--write-baseline`: records every finding and reports none. When a path could not be read
    /// the baseline would be incomplete, so nothing is written and the status is 2.
    private static func writeBaseline(_ result: LintResult, to file: RunSettings.File, settings: RunSettings,
                                      quiet: Bool, start: UInt64, stderr: any OutputSink) -> Int32 {
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
        if quiet { return ExitCode.success }
        stderr.write("Linted \(count(result.filesLinted, "file")) in \(String(format: "%.2f", seconds)) s; "
                     + "wrote \(count(result.findings.count, "finding")) to the baseline \(file.path)\n")
        return ExitCode.success
    }
}
