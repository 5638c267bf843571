// swift-tools-version:5.9
import PackageDescription

// The layers form a one-way graph, enforced by the module boundaries:
// tokenizer → model → rules → reporters → CLI. Only the executable's main exits.
let package = Package(
    name: "keychain-lint",
    products: [
        .executable(name: "keychain-lint", targets: ["keychain-lint"]),
        .library(name: "KeychainLint", targets: ["KeychainLintCLI"]),
        .plugin(name: "KeychainLintPlugin", targets: ["KeychainLintPlugin"]),
        // Development tools, not shipped: the libFuzzer target (.ci/fuzz) and the token dump the
        // tree-sitter comparison reads (Scripts/tokenizer-diff.py).
        .executable(name: "keychain-lint-fuzz", targets: ["KeychainLintFuzz"]),
        .executable(name: "keychain-lint-tokens", targets: ["KeychainLintTokens"]),
    ],
    targets: [
        .target(name: "KeychainLintTokenizer"),
        .target(name: "KeychainLintModel", dependencies: ["KeychainLintTokenizer"]),
        .target(name: "KeychainLintRules", dependencies: ["KeychainLintModel"]),
        .target(name: "KeychainLintReporters", dependencies: ["KeychainLintRules"]),
        .target(name: "KeychainLintCLI", dependencies: ["KeychainLintReporters"]),
        .executableTarget(name: "keychain-lint", dependencies: ["KeychainLintCLI"]),
        // `swift package keychain-lint`: lints the Swift targets of the package that depends on this one.
        .plugin(
            name: "KeychainLintPlugin",
            capability: .command(intent: .custom(verb: "keychain-lint",
                                                 description: "Lint the package's Swift targets with keychain-lint")),
            dependencies: ["keychain-lint"]
        ),
        // Invariants every input must keep, shared by the fuzz target and the regression tests.
        .target(name: "KeychainLintFuzzChecks", dependencies: ["KeychainLintReporters"]),
        // No main.swift: built with --sanitize=fuzzer, libFuzzer provides `main` (see .ci/fuzz).
        .executableTarget(name: "KeychainLintFuzz", dependencies: ["KeychainLintFuzzChecks"]),
        .executableTarget(name: "KeychainLintTokens", dependencies: ["KeychainLintTokenizer"]),
        .testTarget(
            name: "KeychainLintTests",
            dependencies: ["KeychainLintCLI", "KeychainLintFuzzChecks"],
            exclude: []
        ),
    ]
)
