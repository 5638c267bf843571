import Foundation

/// The keychain-lint executable SwiftPM built beside the test bundle, for tests that need a real
/// process (the language server's client, runs killed midway or run as another user).
package enum BuiltExecutable {
    /// Its path, or nil when no build put one near the test bundle.
    package static func path() -> String? {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [folder, folder.deletingLastPathComponent(), folder.deletingLastPathComponent().deletingLastPathComponent()]
            .map { $0.appendingPathComponent("keychain-lint").path }
        return candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    }

    /// Its path; without one the test is skipped, or fails under CI=true (`skipUnlessAvailable`).
    package static func required(file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try availableOrSkip(path(), "keychain-lint executable not found near \(searchedFolder)", file: file, line: line)
    }

    /// Where it was looked for, for the skip message.
    package static var searchedFolder: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
    }
}
