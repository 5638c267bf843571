import Foundation

/// The one walk up the folder tree. Finding a file's project (its platforms, its entitlements) and
/// finding the configuration file all look in a folder and then in each folder above it; they
/// differ only in what they look for.
package enum FolderWalk {
    /// `visit` on `folder` (absolute and normalised, `Paths.absolute`) and on each folder above it
    /// up to `/`, nearest first, until it returns a value: that value, or nil when no folder gave one.
    package static func nearest<Found>(from folder: String, _ visit: (String) throws -> Found?) rethrows -> Found? {
        var current = folder
        while true {
            if let found = try visit(current) { return found }
            if current == "/" { return nil }
            current = Paths.parent(current)
        }
    }
}

/// The project files in one folder, and what makes a folder a project's root: a `Package.swift`
/// or an `.xcodeproj` folder. A Swift file belongs to the nearest root above it; an entitlements
/// file too, and a Swift file is compared only with its own project's entitlements.
package struct ProjectFolder {
    package var packageManifest = false
    /// Names of the `.xcodeproj` folders, sorted.
    package var xcodeprojs: [String] = []
    package var podfile = false
    /// Names of the `.podspec` and `.podspec.json` files, sorted.
    package var podspecs: [String] = []

    package var isProjectRoot: Bool { packageManifest || !xcodeprojs.isEmpty }
    package var hasPods: Bool { podfile || !podspecs.isEmpty }

    /// Lists `directory`; an unreadable one has no project files.
    package init(listing directory: String) {
        guard let entries = FolderListing.entries(of: directory) else { return }
        for (name, kind) in entries {
            if name == "Package.swift" {
                packageManifest = true
            } else if name.hasSuffix(".xcodeproj") {
                if kind == .folder { xcodeprojs.append(name) }
            } else if name == "Podfile" {
                podfile = true
            } else if name.hasSuffix(".podspec") || name.hasSuffix(".podspec.json") {
                podspecs.append(name)
            }
        }
        xcodeprojs.sort()
        podspecs.sort()
    }
}
