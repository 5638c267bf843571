// swift-tools-version:5.9
import PackageDescription

// A project of its own, with no build settings: its entitlements' variables stay unresolved.
let package = Package(
    name: "Widget",
    platforms: [.iOS(.v16)],
    targets: [.target(name: "Widget", path: ".")]
)
