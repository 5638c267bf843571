import KeychainLintSyntax
import KeychainLintReporters

extension Options {
    /// The usage lines of the commands besides the lint run.
    private static let commands = """
               keychain-lint rules [--format text|json]
               keychain-lint explain <rule>
               keychain-lint lsp [options]   (language server for editors, on stdio)
               keychain-lint inventory [options] [PATH ...]   (the keychain items the code touches)
        """

    package static var usage: String {
        let nameWidth = (ReporterRegistry.all.map { $0.name.count }.max() ?? 0) + 2
        let formats = ReporterRegistry.all.map { type in
            "  \(type.name.padding(toLength: nameWidth))\(type.summary)"
        }.joined(separator: "\n")
        let platforms = Platform.allCases.map(\.rawValue).joined(separator: "|")
        return """
        OVERVIEW: Finds mistakes in Apple Keychain code in Swift sources.

        USAGE: keychain-lint [lint] [options] [PATH ...]
        \(commands)

          Lints every *.swift file under each PATH (default: the current directory).
          Folders whose name starts with '.', and .build, DerivedData, Pods, Carthage
          are skipped; symbolic links to folders are not followed. A file named on the
          command line is always linted, whatever its name or location.

        OPTIONS:
          --format <format>      Output format (default: \(ReporterRegistry.defaultName)).
                                 --reporter is the same option.
        \(colorHelp)
          --platform <platform>  Lint every file as built for this platform instead of
                                 what its project file says. Repeat for several.
                                 Platforms: \(platforms).
          --output <format>=<path>
                                 Also write a report in that format to a file (written
                                 atomically). Repeat for several.
          --enable <rule>[,<rule>…]
                                 Turn on rules that are off by default ('all' for
                                 every rule). Repeatable.
          --disable <rule>[,<rule>…]
                                 Turn off rules. Repeatable.
          --only <rule>[,<rule>…]
                                 Run only these rules. Repeatable.
          --config <path>        Read this configuration file for every file instead of
                                 the nearest .keychain-lint.json above each one.
          --baseline <path>      Hide the findings recorded in this baseline file;
                                 report only new ones.
          --write-baseline <path>
                                 Record the current findings in a baseline file and
                                 exit 0 (nothing is reported).
          --force-exclude        Apply the configuration's include/exclude patterns
                                 to files named on the command line too.
          --strict               Warnings fail the run too (exit status 1).
          --strict-files         Exit with status 2 when no file is linted (the paths
                                 hold none, or include/exclude left none); without
                                 it that is a warning.
          -q, --quiet            Print no summary line on stderr.
          --build-stamp <path>   Write this file (a Swift comment) when no error is
                                 found, remove it otherwise: the output a build
                                 system caches (the SwiftPM build-tool plugin).
          --fix                  Apply the safe fixes rules offer ('keychain-lint
                                 rules' marks them [fix]), rewriting files
                                 atomically; print what changed on stderr, then
                                 report what is left. With --stdin-filename, print
                                 the fixed text.
          --diff, --dry-run      Print the unified diff --fix would make and write
                                 nothing (exit status 1 when there is one).
          --unsafe-fixes         With --fix or --diff, apply the unsafe fixes too:
                                 those that change which items already stored the
                                 code finds (docs/FIXES.md says how to move them).
          --stdin-filename <path>
                                 Lint the source read from stdin as if it were the
                                 file at <path> (its configuration, project and
                                 platforms); findings name <path>. PATHs given with
                                 it are read as the project around it; only <path>
                                 is reported.
          -h, --help             Show this help.
          --version              Show the version.
          --                     Treat every later argument as a path.

        FORMATS:
        \(formats)

        \(environmentAndExitHelp)

        """
    }

    private static let colorHelp = """
          --color <when>         Colour the default report: auto (on a terminal,
                                 unless NO_COLOR is set), always or never.
          --no-color             The same as --color never.
        """

    /// What follows the formats: the environment and the exit statuses.
    private static let environmentAndExitHelp = """
        ENVIRONMENT:
          KEYCHAIN_LINT_JOBS=1   Lint the files one after another instead of on every
                                 core (the output is the same either way).
          KEYCHAIN_LINT_EXHAUSTIVE=1
                                 Turn off every shortcut that skips work: slower, and
                                 by design the same output (for checking the linter).
          KEYCHAIN_LINT_LSP_DEBOUNCE_MS  lsp: milliseconds after an edit before linting (50).
          NO_COLOR=1             No colour with --color auto (no-color.org).

        EXIT STATUS:
          0  no error-severity finding
          1  at least one error-severity finding (with --strict: any finding; with
             --diff: something to fix), or a Swift file found in a folder that
             cannot be read or is not UTF-8
          2  usage error, a bad configuration or baseline file, a PATH that does not
             exist or cannot be read, a report or baseline that cannot be written
             (stdout included), or (with --strict-files) no file linted
        """
}

extension String {
    fileprivate func padding(toLength n: Int) -> String {
        count >= n ? self + " " : self + String(repeating: " ", count: n - count)
    }
}
