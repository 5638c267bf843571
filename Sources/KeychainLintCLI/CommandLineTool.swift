import KeychainLint
import Foundation
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
        let status: Int32
        switch Result(catching: { try Options.parse(arguments) }) {
        case .success(let options):
            let invocation = Invocation(options: options, environment: environment, defaultRules: defaultRules,
                                        availableRules: availableRules, workingDirectory: workingDirectory,
                                        stdin: stdin, stdout: stdout, stderr: stderr)
            status = invocation.run()
        case .failure(let error):
            stderr.write("keychain-lint: error: \(error)\nRun 'keychain-lint --help' for usage.\n")
            status = ExitCode.usage
        }
        if let failure = stdout.writeFailure {
            stderr.write("keychain-lint: error: cannot write to stdout: \(failure)\n")
            return ExitCode.usage
        }
        return status
    }

    /// `Linted N files: E errors, W warnings in T s`, then `; B findings hidden by the baseline` when one
    /// is in use, and `; U files could not be read` when some could not.
    package static func summary(files: Int, errors: Int, warnings: Int, seconds: Double, hidden: Int? = nil, unreadable: Int = 0) -> String {
        let line = "Linted \(count(files, "file")): \(count(errors, "error")), \(count(warnings, "warning")) in \(String(format: "%.2f", seconds)) s"
        let notRead = unreadable == 0 ? "" : "; \(count(unreadable, "file")) could not be read"
        return line + (hidden.map { "; \(count($0, "finding")) hidden by the baseline" } ?? "") + notRead + "\n"
    }

    static func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
}
