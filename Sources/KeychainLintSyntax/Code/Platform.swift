/// An Apple platform a Swift file can be compiled for.
public enum Platform: String, CaseIterable, Sendable, Comparable {
    case macOS = "macos"
    case iOS = "ios"
    case tvOS = "tvos"
    case watchOS = "watchos"
    case visionOS = "visionos"

    public static func < (a: Platform, b: Platform) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// A set of platforms. `all` is what a file builds for when nothing narrows it:
/// then macOS is assumed possible, as RULES.md requires.
package struct PlatformSet: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package init(_ platform: Platform) {
        self.init(rawValue: 1 << UInt8(Platform.allCases.firstIndex(of: platform)!))
    }

    package init<S: Sequence>(platforms: S) where S.Element == Platform {
        self.init()
        for p in platforms { insert(PlatformSet(p)) }
    }

    package static let macOS = PlatformSet(.macOS)
    package static let iOS = PlatformSet(.iOS)
    package static let tvOS = PlatformSet(.tvOS)
    package static let watchOS = PlatformSet(.watchOS)
    package static let visionOS = PlatformSet(.visionOS)
    package static let all: PlatformSet = [.macOS, .iOS, .tvOS, .watchOS, .visionOS]

    package func contains(_ platform: Platform) -> Bool { contains(PlatformSet(platform)) }

    package var platforms: [Platform] { Platform.allCases.filter { contains($0) } }
}
