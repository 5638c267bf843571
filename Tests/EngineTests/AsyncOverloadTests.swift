import XCTest
import KeychainLint
import KeychainLintTestSupport

/// Sync and `async` overloads with the same labels: a call no `await` covers is the sync one
/// (`FunctionSummary.isAsync`), so what only the async one does is not charged to it, and an
/// async wrapper that calls the sync one without `await` forwards its parameter there.
final class AsyncOverloadTests: XCTestCase {
    private func lint(_ files: [String: String]) throws -> [String] {
        try scratchProjectFindings("async-overloads", platforms: ".macOS(.v13)", files: files, rule: "missing-data-protection-keychain")
    }

    private let store = """
    import Security
    struct Store {
        func save(_ item: [String: Any]) throws {
            var query = item
            query[kSecUseDataProtectionKeychain as String] = true
            let status = SecItemAdd(query as CFDictionary, nil)
            if status != errSecSuccess { throw NSError(domain: NSOSStatusErrorDomain, code: Int(status)) }
        }

        func save(_ item: [String: Any]) async throws {
            let status = SecItemAdd(item as CFDictionary, nil)
            if status != errSecSuccess { throw NSError(domain: NSOSStatusErrorDomain, code: Int(status)) }
        }
    }
    """

    private func caller(_ call: String) -> String {
        """
        import Security
        func remember(_ data: Data, in store: Store) async throws {
            \(call) store.save([kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "s",
                                kSecAttrAccount as String: "a", kSecValueData as String: data])
        }
        """
    }

    func testACallWithoutAwaitIsTheSyncOverload() throws {
        XCTAssertEqual(try lint(["Store.swift": store, "Caller.swift": caller("try")]), [])
    }

    func testAnAwaitedCallMayBeTheAsyncOverload() throws {
        XCTAssertEqual(try lint(["Store.swift": store, "Caller.swift": caller("try await")]), ["Store.swift:11"])
    }
}
