// swift-tools-version:5.9
import PackageDescription

// A query factory and its unit tests: a test that only reads the entries it builds is no keychain operation.
let package = Package(
    name: "QueryFactory",
    platforms: [.macOS(.v13), .iOS(.v16)],
    targets: [.target(name: "QueryFactory", path: "Sources")]
)
