import Foundation
import XCTest

/// What a test needs from the machine: a tool (`patch`, `swiftc`, `python3`, `setpriv`), the built
/// executable, a temporary folder with no project above it. Where it is missing the test is
/// skipped on a developer's machine, but fails under `CI=true` (set by CI services and by
/// `.ci/run`, which installs every requirement): a skipped test must never pass CI unseen.
package enum Requirement {
    /// Whether the environment says this run is CI's.
    package static func isCI(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment["CI"] == "true"
    }

    /// What a test throws under CI when a requirement is missing: an error that is no `XCTSkip`,
    /// so XCTest counts the test as failed.
    package struct Missing: Error, CustomStringConvertible {
        package let description: String
    }

    /// The first folder above `path` that holds a project file (a `Package.swift`, an `.xcodeproj`,
    /// a `Podfile` or a podspec): it would decide the platforms of files under `path` instead of
    /// what a test lays out there. Nil when there is none up to `/`.
    package static func projectFolder(above path: String) -> String? {
        var folder = (path as NSString).deletingLastPathComponent
        while !folder.isEmpty {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            if names.contains(where: isProjectFile) { return folder }
            if folder == "/" { return nil }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return nil
    }

    private static func isProjectFile(_ name: String) -> Bool {
        name == "Package.swift" || name == "Podfile" || name.hasSuffix(".xcodeproj") || name.hasSuffix(".podspec")
            || name.hasSuffix(".podspec.json")
    }
}

/// Returns when `available`; otherwise skips the test with `message`, or under `CI=true` fails it
/// (throws `Requirement.Missing`). Call it with `try` at the point the requirement is checked.
package func skipUnlessAvailable(_ available: Bool, _ message: @autoclosure () -> String,
                                 environment: [String: String] = ProcessInfo.processInfo.environment,
                                 file: StaticString = #filePath, line: UInt = #line) throws {
    guard !available else { return }
    if Requirement.isCI(environment) {
        throw Requirement.Missing(description: "\(file):\(line): required under CI=true, missing: \(message())")
    }
    throw XCTSkip(message(), file: file, line: line)
}

/// `value` when there is one; otherwise skips the test, or under `CI=true` fails it, as `skipUnlessAvailable`.
package func availableOrSkip<Value>(_ value: Value?, _ message: @autoclosure () -> String,
                                    environment: [String: String] = ProcessInfo.processInfo.environment,
                                    file: StaticString = #filePath, line: UInt = #line) throws -> Value {
    try skipUnlessAvailable(value != nil, message(), environment: environment, file: file, line: line)
    return value!
}
