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
        for (name, kind) in entries { note(name, kind) }
        finish()
    }

    package init() {}

    /// The project files a folder's entries can be, told by name alone.
    package enum FileName {
        case manifest, xcodeproj, podfile, podspec

        /// Nil for most names, decided by their last byte: discovery asks of every entry it reads.
        package init?(_ name: String) {
            switch name.utf8.last {
            case UInt8(ascii: "t") where name == "Package.swift": self = .manifest
            case UInt8(ascii: "j") where name.hasSuffix(".xcodeproj"): self = .xcodeproj
            case UInt8(ascii: "e") where name == "Podfile": self = .podfile
            case UInt8(ascii: "c") where name.hasSuffix(".podspec"): self = .podspec
            case UInt8(ascii: "n") where name.hasSuffix(".podspec.json"): self = .podspec
            default: return nil
            }
        }
    }

    /// Whether an entry of this name may be a project file, whatever its kind: a walk that does
    /// not know an entry's kind (a link) cannot say what the folder holds when this is true.
    package static func mayBeProjectFile(_ name: String) -> Bool {
        FileName(name) != nil
    }

    /// Takes in one entry of the folder (a link counted as what it points to).
    package mutating func note(_ name: String, _ kind: FolderListing.Kind) {
        switch FileName(name) {
        case .manifest?: packageManifest = true
        case .xcodeproj?: if kind == .folder { xcodeprojs.append(name) }
        case .podfile?: podfile = true
        case .podspec?: podspecs.append(name)
        case nil: break
        }
    }

    /// Once every entry is noted: names in a stable order, whatever order the folder listed them in.
    package mutating func finish() {
        xcodeprojs.sort()
        podspecs.sort()
    }
}
