import XCTest
import KeychainLint
import KeychainLintTestSupport

/// A status handed to a function of another file: handled when every function of the project
/// with that name, position and label throws it inside an error or compares it with
/// errSecDuplicateItem (`FileSymbols.statusHandlers`). Two that disagree cancel out, as in a tree
/// of several projects where one's `check(status:)` throws the status and another's only logs it.
final class StatusHandlerProjectTests: XCTestCase {
    private func lint(_ files: [String: String]) throws -> [String] {
        try scratchProjectFindings("status-handlers", platforms: ".iOS(.v16)", files: files, rule: "unhandled-duplicate-item")
    }

    private let vault = """
    import Security
    func save(_ token: Data) throws {
        try Checks.check(status: SecItemAdd([kSecClass: kSecClassGenericPassword, kSecValueData: token] as CFDictionary, nil))
    }
    """

    private let throwing = """
    import Foundation
    enum Checks {
        static func check(status: OSStatus) throws {
            if status != errSecSuccess { throw NSError(domain: NSOSStatusErrorDomain, code: Int(status)) }
        }
    }
    """

    private let logging = """
    enum Logger {
        static func check(status: OSStatus) { print(status) }
    }
    """

    func testAnotherFilesFunctionThatThrowsTheStatusHandlesIt() throws {
        XCTAssertEqual(try lint(["Vault.swift": vault, "Checks.swift": throwing]), [])
        XCTAssertEqual(try lint(["Vault.swift": vault]), ["Vault.swift:3"])
    }

    func testAFunctionThatOnlyLogsTheStatusDoesNotHandleIt() throws {
        XCTAssertEqual(try lint(["Vault.swift": vault, "Logger.swift": logging]), ["Vault.swift:3"])
    }

    func testTwoFunctionsOfOneNameThatDisagreeHandleNothing() throws {
        XCTAssertEqual(try lint(["Vault.swift": vault, "Checks.swift": throwing, "Logger.swift": logging]), ["Vault.swift:3"])
    }

    func testALabelThatDiffersIsAnotherFunction() throws {
        let unlabelled = vault.replacingOccurrences(of: "check(status: ", with: "check(")
        XCTAssertEqual(try lint(["Vault.swift": unlabelled, "Checks.swift": throwing]), ["Vault.swift:3"])
    }
}
