import Foundation
import XCTest

/// The keychain-lint executable SwiftPM built beside the test bundle, for tests that need a real
/// process (killing it, running it as another user).
enum BuiltExecutable {
    static func path() throws -> String {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [folder, folder.deletingLastPathComponent(), folder.deletingLastPathComponent().deletingLastPathComponent()]
            .map { $0.appendingPathComponent("keychain-lint").path }
        guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("keychain-lint executable not found near \(folder.path)")
        }
        return path
    }
}
