// swift-tools-version:5.9
import PackageDescription

// A Mac and iPhone app's token vault: where each SecItemAdd's status goes.
let package = Package(
    name: "StatusHandling",
    platforms: [.macOS(.v13), .iOS(.v16)],
    targets: [.target(name: "StatusHandling", path: "Sources")]
)
