// swift-tools-version:5.9
import PackageDescription

// A Mac and iPhone app whose debug builds keep test items in a keychain file of their own.
let package = Package(
    name: "BuildConditions",
    platforms: [.macOS(.v13), .iOS(.v16)],
    targets: [.target(name: "BuildConditions", path: "Sources")]
)
