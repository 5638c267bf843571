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
        .testTarget(
            name: "KeychainLintTests",
            dependencies: ["KeychainLintCLI"],
            exclude: []
        ),
    ]
)
