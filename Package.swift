// swift-tools-version:5.9
import PackageDescription

// The layers form a one-way graph, enforced by the module boundaries:
// tokenizer → model → rules → reporters → CLI. Only the executable's main exits.
let package = Package(
    name: "keychain-lint",
    products: [
        .executable(name: "keychain-lint", targets: ["keychain-lint"]),
        .library(name: "KeychainLint", targets: ["KeychainLintCLI"]),
    ],
    targets: [
        .target(name: "KeychainLintTokenizer"),
        .target(name: "KeychainLintModel", dependencies: ["KeychainLintTokenizer"]),
        .target(name: "KeychainLintRules", dependencies: ["KeychainLintModel"]),
        .target(name: "KeychainLintReporters", dependencies: ["KeychainLintRules"]),
        .target(name: "KeychainLintCLI", dependencies: ["KeychainLintReporters"]),
        .executableTarget(name: "keychain-lint", dependencies: ["KeychainLintCLI"]),
        .testTarget(
            name: "KeychainLintTests",
            dependencies: ["KeychainLintCLI"],
            exclude: []
        ),
    ]
)
