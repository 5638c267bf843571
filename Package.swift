// swift-tools-version:5.9
import PackageDescription

// Modules with one job each, in a one-way graph (docs/ARCHITECTURE.md):
//   Syntax → Model → Rules ─┐
//   Syntax → Model → Project ┴→ KeychainLint (the engine, public API) ─┬→ Reporters ──────┬→ CLI → keychain-lint
//                                                                      └→ LanguageServer ─┘
// with Support (the C library import, the byte search, the ASCII helpers) under all of them.
// Each target lists every module it imports, not only the ones its dependencies do not bring.
// Only the CLI and Project touch the file system; only the executable's main exits.
let package = Package(
    name: "keychain-lint",
    products: [
        .executable(name: "keychain-lint", targets: ["keychain-lint"]),
        .library(name: "KeychainLint", targets: ["KeychainLint", "KeychainLintReporters"]),
        .plugin(name: "KeychainLintPlugin", targets: ["KeychainLintPlugin"]),
        .plugin(name: "KeychainLintFixPlugin", targets: ["KeychainLintFixPlugin"]),
        .plugin(name: "KeychainLintBuildPlugin", targets: ["KeychainLintBuildPlugin"]),
    ],
    targets: [
        // The bottom of the graph, one of each: the C library import, the byte search, the ASCII
        // fast-path helpers. Any module may depend on it; it depends on nothing.
        .target(name: "KeychainLintSupport"),
        // Lexer, tokens, line map, `#if` conditions, platforms.
        .target(name: "KeychainLintSyntax", dependencies: ["KeychainLintSupport"]),
        // The code view and declarations, the dataflow over them, and the domain types the rules read.
        .target(name: "KeychainLintModel", dependencies: ["KeychainLintSyntax", "KeychainLintSupport"]),
        // Project files: roots, paths, discovery, Package.swift / xcodeproj / CocoaPods / entitlements.
        .target(name: "KeychainLintProject", dependencies: ["KeychainLintModel", "KeychainLintSyntax", "KeychainLintSupport"]),
        // One type per rule, the rule metadata, suppressions, the rules' prefilter.
        .target(name: "KeychainLintRules", dependencies: ["KeychainLintModel", "KeychainLintSyntax", "KeychainLintSupport"]),
        // The project engine and the library's public API.
        .target(name: "KeychainLint", dependencies: ["KeychainLintRules", "KeychainLintProject", "KeychainLintModel", "KeychainLintSyntax",
                                                   "KeychainLintSupport"]),
        // One type per output format.
        .target(name: "KeychainLintReporters", dependencies: ["KeychainLint", "KeychainLintRules", "KeychainLintProject", "KeychainLintSupport"]),
        // `keychain-lint lsp`: the Language Server Protocol over stdio, on the engine with overlays
        // (open buffers in place of files); the CLI hands it the project's configuration.
        .target(name: "KeychainLintLanguageServer", dependencies: ["KeychainLint", "KeychainLintProject", "KeychainLintSyntax",
                                                                   "KeychainLintSupport"]),
        // Arguments, configuration files, baselines, output files.
        .target(name: "KeychainLintCLI", dependencies: ["KeychainLintLanguageServer", "KeychainLintReporters", "KeychainLint",
                                                        "KeychainLintRules", "KeychainLintProject", "KeychainLintSyntax",
                                                        "KeychainLintSupport"]),
        .executableTarget(name: "keychain-lint", dependencies: ["KeychainLintCLI", "KeychainLintSupport"]),
        // `swift package keychain-lint`: lints the Swift targets of the package that depends on this one.
        // It writes nothing and asks for no permission, so it runs unattended (CI); it refuses --fix.
        .plugin(
            name: "KeychainLintPlugin",
            capability: .command(intent: .custom(verb: "keychain-lint",
                                                 description: "Lint the package's Swift targets with keychain-lint")),
            dependencies: ["keychain-lint"]
        ),
        // `swift package keychain-lint-fix`: `keychain-lint --fix` on those targets. It rewrites the package's
        // files, so it declares the permission and SwiftPM asks for it before every run (or takes
        // --allow-writing-to-package-directory). A separate command because SwiftPM asks for a command
        // plugin's permissions on every run whatever its arguments: declared on the lint command, every
        // lint would ask, and fail in CI without the flag.
        .plugin(
            name: "KeychainLintFixPlugin",
            capability: .command(intent: .custom(verb: "keychain-lint-fix",
                                                 description: "Apply keychain-lint's fixes to the package's Swift targets"),
                                 permissions: [.writeToPackageDirectory(reason: "keychain-lint --fix rewrites the Swift files whose findings it fixes")]),
            dependencies: ["keychain-lint"]
        ),
        // Applied to a target, lints its Swift files during `swift build` (and Xcode builds):
        // findings are build warnings and errors. The tool is built once, for the host.
        .plugin(name: "KeychainLintBuildPlugin", capability: .buildTool(), dependencies: ["keychain-lint"]),
        // Development tools, not products: the libFuzzer target (.ci/fuzz) and the token dump the
        // tree-sitter comparison reads (Scripts/tokenizer-diff.py).
        // Invariants every input must keep, shared by the fuzz target and the regression tests.
        .target(name: "KeychainLintFuzzChecks", dependencies: ["KeychainLintReporters", "KeychainLint", "KeychainLintRules",
                                                               "KeychainLintModel", "KeychainLintSyntax"]),
        // No main.swift: built with --sanitize=fuzzer, libFuzzer provides `main` (see .ci/fuzz).
        .executableTarget(name: "keychain-lint-fuzz", dependencies: ["KeychainLintFuzzChecks"], path: "Sources/KeychainLintFuzz"),
        .executableTarget(name: "keychain-lint-tokens", dependencies: ["KeychainLintSyntax"], path: "Sources/KeychainLintTokens"),
        // Tests by layer, each target depending on the modules it tests; `swift test` runs them all,
        // `swift test --filter <target>` one layer.
        // Helpers more than one test target needs (a seeded random generator, scratch folders, the
        // built executable's path, skips that fail under CI=true); no library module.
        .target(name: "KeychainLintTestSupport", path: "Tests/TestSupport"),
        // The ASCII fast paths (Support's helpers and the byte paths built on them in the model,
        // project, rules and engine) against the `String` algorithms they stand in for; the
        // low-level pieces written only in Support.
        .testTarget(name: "SupportTests", dependencies: ["KeychainLintSupport", "KeychainLintSyntax", "KeychainLintModel",
                                                         "KeychainLintProject", "KeychainLintRules", "KeychainLint",
                                                         "KeychainLintTestSupport"]),
        // The lexer, tokens, line map, `#if` conditions.
        .testTarget(name: "SyntaxTests", dependencies: ["KeychainLintSyntax", "KeychainLintTestSupport"]),
        // The code view, the dataflow that builds the model, wrappers, domain values.
        .testTarget(name: "ModelTests", dependencies: ["KeychainLintModel", "KeychainLintSyntax"]),
        // Discovery, file reading, project roots, paths, project platforms.
        .testTarget(name: "ProjectTests", dependencies: ["KeychainLintProject", "KeychainLintModel", "KeychainLintSyntax",
                                                         "KeychainLintTestSupport"]),
        // Each rule's examples (one test per rule), suppressions, rule pages and the README's rule
        // table, rule texts and internals; rules run through the engine's per-file linter.
        .testTarget(name: "RuleTests", dependencies: ["KeychainLint", "KeychainLintReporters", "KeychainLintRules",
                                                      "KeychainLintModel", "KeychainLintSyntax"]),
        // The project passes, the public API, the prefilters and the one-pass name search, line text.
        .testTarget(name: "EngineTests", dependencies: ["KeychainLint", "KeychainLintModel", "KeychainLintSyntax", "KeychainLintSupport",
                                                        "KeychainLintTestSupport"]),
        // Options, configuration, baselines, output files, reporters, install hooks, the fixtures and
        // the benchmark corpus end to end, the one severity decision on every path to a rule.
        .testTarget(name: "CLITests", dependencies: ["KeychainLintCLI", "KeychainLintReporters", "KeychainLint",
                                                     "KeychainLintProject", "KeychainLintRules", "KeychainLintModel",
                                                     "KeychainLintSyntax", "KeychainLintFuzzChecks", "KeychainLintTestSupport"]),
        // The language server: framing, UTF-16 positions, the server's answers in-process (a manual
        // clock for the debounce), and a client that spawns the built executable.
        .testTarget(name: "LanguageServerTests", dependencies: ["KeychainLintLanguageServer", "KeychainLint", "KeychainLintTestSupport"]),
        // The slow ones: hostile inputs, runs killed midway, saved fuzz crashes, the invariants the
        // fuzzer checks, the real executable in a hostile file system.
        .testTarget(name: "RobustnessTests", dependencies: ["KeychainLintFuzzChecks", "KeychainLintReporters", "KeychainLint",
                                                            "KeychainLintProject", "KeychainLintModel", "KeychainLintSyntax",
                                                            "KeychainLintTestSupport"]),
    ]
)
