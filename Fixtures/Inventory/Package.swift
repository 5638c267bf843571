// swift-tools-version:5.9
import PackageDescription

// The inventory's fixture (InventoryTests): an app built for iOS and macOS, so the data
// protection keychain flag matters.
let package = Package(
    name: "InventoryApp",
    platforms: [.iOS(.v16), .macOS(.v13)],
    targets: [.target(name: "InventoryApp", path: "Sources")]
)
