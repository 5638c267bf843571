// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "TokenApp",
    platforms: [.iOS(.v16)],
    targets: [
        .target(name: "TokenApp", path: "Sources"),
    ]
)
