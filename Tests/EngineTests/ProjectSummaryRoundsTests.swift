import XCTest
import KeychainLint
import KeychainLintTestSupport

/// Summaries across files are recomputed round after round until they stop changing: a function
/// must not compose with last round's copy of itself, nor reach another type's member of the same
/// name through a bare call, or its route grows by one level every round.
final class ProjectSummaryRoundsTests: XCTestCase {
    private var folder: ScratchFolder!

    override func setUpWithError() throws {
        folder = try ScratchFolder("rounds")
    }

    override func tearDown() {
        folder = nil
    }

    private func messages(_ rule: String) throws -> [String] {
        let engine = try LintEngine(configuration: LintConfiguration(rules: [rule], workingDirectory: folder.root))
        let result = engine.lint(["."])
        XCTAssertEqual(result.problems, [])
        return result.findings.map { "\($0.path):\($0.line) \($0.message)" }
    }

    /// `Store.object` calls itself (recursion) and `Store.string` calls `object(…)` bare; another
    /// type of another file declares `object` with the same labels. The route of the finding is
    /// the real one, whatever the number of rounds.
    func testARouteNamesEachFunctionOnceAndOnlyTheCallersType() throws {
        XCTAssertTrue(folder.write("Store.swift", """
        import Security
        enum Store {
            static func object(forKey key: String, options: [String: Any], again: Bool = false) -> OSStatus {
                if again { return object(forKey: key, options: options) }
                var query = options
                query[kSecAttrAccount as String] = key
                return SecItemCopyMatching(query as CFDictionary, nil)
            }
            static func string(forKey key: String, options: [String: Any]) -> OSStatus {
                object(forKey: key, options: options)
            }
        }
        """))
        XCTAssertTrue(folder.write("Enclave.swift", """
        import Security
        enum Enclave {
            static func object(forKey key: String, options: [String: Any]) -> OSStatus {
                Store.string(forKey: key, options: options)
            }
            static func string(forKey key: String, options: [String: Any]) -> OSStatus {
                object(forKey: key, options: options)
            }
        }
        """))
        XCTAssertTrue(folder.write("App.swift", """
        import Security
        func read() -> OSStatus {
            Store.string(forKey: "token", options: [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "app"])
        }
        """))
        let found = try messages("missing-data-protection-keychain")
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.hasPrefix("./App.swift:3 ") == true, "\(found)")
        XCTAssertTrue(found.first?.contains("through `Store.string(forKey:options:)` → `Store.object(forKey:options:again:)`.") == true, "\(found)")
    }
}
