// swift-tools-version:5.9
import PackageDescription

// Queries built by providers behind protocols and passed to a keychain service behind another
// protocol, from methods returning `Result<…>`: each operation is judged at the call that hands
// the provider's dictionary to the service, not where a provider builds it. Two providers share
// the name `query(for:)`; the provider's declared type picks the one. Also a local computed
// query, private helpers that make the operation, and statuses handed to a checking function.
let package = Package(
    name: "ProtocolServices",
    platforms: [.macOS(.v13), .iOS(.v16)],
    targets: [.target(name: "ProtocolServices", path: "Sources")]
)
