import Foundation

/// A folder of its own under the temporary directory, removed when the value goes, for tests
/// that lay out a small project and lint it.
package final class ScratchFolder {
    /// The folder's path, without a trailing slash.
    package let root: String

    package init(_ name: String) throws {
        let base = FileManager.default.temporaryDirectory.path
        root = (base.hasSuffix("/") ? base : base + "/") + "kl-\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Writes `text` at `rel` (relative to the root), creating the folders on the way.
    @discardableResult
    package func write(_ rel: String, _ text: String) -> Bool {
        let path = root + "/" + rel
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        return FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    /// A Swift package named P whose `platforms:` are `platforms` (`.macOS(.v13)`), with each of
    /// `files` under `Sources/P/`: a small project to lint from its root.
    package static func package(_ name: String, platforms: String, files: [String: String]) throws -> ScratchFolder {
        let folder = try ScratchFolder(name)
        let manifest = "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", platforms: [\(platforms)])\n"
        guard folder.write("Package.swift", manifest), files.allSatisfy({ folder.write("Sources/P/" + $0.key, $0.value) }) else {
            throw CocoaError(.fileWriteUnknown)
        }
        return folder
    }
}

