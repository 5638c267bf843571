// swift-tools-version:5.9
import PackageDescription

// Security functions handed in by name so that tests can replace them: initializer parameters
// that default to SecItemAdd and friends and are kept in stored properties of the same name, and
// an operation passed as an argument (`keyQuery: SecItemCopyMatching`) down to the function that
// calls it. A helper that retries on one status and returns the status (the caller decides), and
// a stored query set on the arms of a `switch` (each arm an item of its own class).
let package = Package(
    name: "InjectedOperations",
    platforms: [.macOS(.v13), .iOS(.v16)],
    targets: [.target(name: "InjectedOperations", path: "Sources")]
)
