// swift-tools-version:5.9
import PackageDescription

// A Mac and iPhone app's keychain layer: macOS is a platform, so missing-data-protection-keychain applies.
let package = Package(
    name: "CrossCall",
    platforms: [.macOS(.v13), .iOS(.v16)],
    targets: [.target(name: "CrossCall", path: "Sources")]
)
