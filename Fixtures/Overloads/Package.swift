// swift-tools-version:5.9
import PackageDescription

// Helpers that share a base name and differ by labels or arity, one calling the other, with
// default arguments and Bool parameters that gate entries: each call reads the overload its
// labels and argument count pick, and a literal `true`/`false` picks the branch.
let package = Package(
    name: "Overloads",
    platforms: [.macOS(.v13), .iOS(.v16)],
    targets: [.target(name: "Overloads", path: "Sources")]
)
