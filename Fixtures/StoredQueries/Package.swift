// swift-tools-version:5.9
import PackageDescription

// Queries kept in stored properties: set by initializers, declared with a value, read through a
// stored property of another type, and read by a protocol extension whose conformers live in
// other files. Each shape has a triggering version and a correct twin.
let package = Package(
    name: "StoredQueries",
    platforms: [.macOS(.v13), .iOS(.v16)],
    targets: [.target(name: "StoredQueries", path: "Sources")]
)
