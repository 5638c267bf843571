import XCTest
import KeychainLintTestSupport

extension BuiltExecutable {
    /// The executable's path; the test is skipped when there is none.
    static func pathOrSkip() throws -> String {
        guard let path = path() else { throw XCTSkip("keychain-lint executable not found near \(searchedFolder)") }
        return path
    }
}
