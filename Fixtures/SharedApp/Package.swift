// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "SharedApp",
    platforms: [.iOS(.v16)],
    targets: [.target(name: "SharedApp", path: "Sources")]
)
