import XCTest
import KeychainLint
import KeychainLintTestSupport

/// A struct of the file with no initializer of its own is made by Swift's memberwise one:
/// `Box(value: q)` keeps `q` in `value`, so `box.value` is `q`, and a parameter boxed that way is
/// still the caller's dictionary (an async wrapper's `Sendable` box).
final class MemberwiseInstanceTests: XCTestCase {
    private func lint(_ files: [String: String]) throws -> [String] {
        try scratchProjectFindings("memberwise", platforms: ".macOS(.v13)", files: files, rule: "missing-data-protection-keychain")
    }

    private func box(initializer: String = "") -> String {
        """
        import Security
        private struct Box: @unchecked Sendable {
            let value: [String: Any]
            \(initializer)
        }
        func save(_ data: Data) {
            let box = Box(value: [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "s",
                                  kSecAttrAccount as String: "a", kSecValueData as String: data FLAG])
            _ = SecItemAdd(box.value as CFDictionary, nil)
        }
        """
    }

    func testTheBoxedDictionaryIsJudgedAtTheOperation() throws {
        XCTAssertEqual(try lint(["Box.swift": box().replacingOccurrences(of: " FLAG", with: "")]), ["Box.swift:9"])
        XCTAssertEqual(try lint(["Box.swift": box().replacingOccurrences(of: " FLAG", with: ", kSecUseDataProtectionKeychain as String: true")]), [])
    }

    func testATypeWithItsOwnInitializerIsNotReadAsMemberwise() throws {
        let initializer = "init(value: [String: Any]) { var v = value; v[kSecUseDataProtectionKeychain as String] = true; self.value = v }"
        let custom = box(initializer: initializer).replacingOccurrences(of: " FLAG", with: "")
        XCTAssertEqual(try lint(["Box.swift": custom]), [])
    }

    func testABoxedParameterIsStillTheCallersDictionary() throws {
        let store = """
        import Security
        private struct Box: @unchecked Sendable {
            let value: [String: Any]
        }
        enum Store {
            static func insert(_ query: [String: Any]) throws {
                let status = SecItemAdd(query as CFDictionary, nil)
                if status != errSecSuccess { throw NSError(domain: NSOSStatusErrorDomain, code: Int(status)) }
            }
            static func insertLater(_ query: [String: Any]) async throws {
                let box = Box(value: query)
                try insert(box.value)
            }
        }
        """
        let caller = """
        import Security
        func remember(_ data: Data) async throws {
            try await Store.insertLater([kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "s",
                                         kSecAttrAccount as String: "a", kSecValueData as String: data])
        }
        """
        XCTAssertEqual(try lint(["Store.swift": store, "Caller.swift": caller]), ["Store.swift:7"])
    }
}
