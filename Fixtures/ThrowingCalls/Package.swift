// swift-tools-version:5.9
import PackageDescription

// A Mac and iPhone app's vault and its tests: macOS is a platform, so missing-data-protection-keychain applies.
let package = Package(
    name: "ThrowingCalls",
    platforms: [.macOS(.v13), .iOS(.v16)],
    targets: [
        .target(name: "Vault", path: "Sources"),
        .testTarget(name: "VaultTests", dependencies: ["Vault"], path: "Tests"),
    ]
)
