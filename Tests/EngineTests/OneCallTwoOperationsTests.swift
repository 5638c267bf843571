import XCTest
import KeychainLint
import KeychainLintTestSupport

/// A call whose function reaches two operations with the caller's dictionary (a delete it decides
/// itself, then an add whose status it hands back): one finding per call, the delete's reported at
/// its operation when every call misses the entry, and the add's then at the call, not dropped with it.
final class OneCallTwoOperationsTests: XCTestCase {
    private let store = """
    import Security
    final class Store {
        func add(_ item: [String: Any]) -> OSStatus {
            _ = SecItemDelete(item as CFDictionary)
            return SecItemAdd(item as CFDictionary, nil)
        }
    }
    """

    private func lint(_ client: String) throws -> [String] {
        let folder = try ScratchFolder.package("two-operations", platforms: ".macOS(.v13)", files: ["Store.swift": store, "Client.swift": client])
        let engine = try LintEngine(configuration: LintConfiguration(rules: ["missing-data-protection-keychain"], workingDirectory: folder.root))
        return engine.lint(["."]).findings.map { finding in
            let operation = finding.message.contains("this delete") ? "delete" : finding.message.contains("this item is stored") ? "add" : "?"
            return "\((finding.path as NSString).lastPathComponent):\(finding.line) \(operation)"
        }.sorted()
    }

    func testTheAddStaysAtTheCallWhenTheDeleteGoesToItsOperation() throws {
        let client = """
        import Security
        func save(_ store: Store) -> OSStatus {
            store.add([kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "a"])
        }
        """
        XCTAssertEqual(try lint(client), ["Client.swift:3 add", "Store.swift:4 delete"])
    }

    func testACallThatKeepsTheDeletesFindingReportsOnce() throws {
        // Another call passes the flag: the delete is judged at each call, and the call that
        // misses it reports one finding, not one per operation.
        let client = """
        import Security
        func save(_ store: Store) -> OSStatus {
            store.add([kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "a"])
        }
        func keep(_ store: Store) -> OSStatus {
            store.add([kSecClass as String: kSecClassGenericPassword, kSecUseDataProtectionKeychain as String: true])
        }
        """
        XCTAssertEqual(try lint(client), ["Client.swift:3 delete"])
    }
}
