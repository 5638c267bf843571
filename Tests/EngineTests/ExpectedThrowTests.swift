import XCTest
import KeychainLint
import KeychainLintTestSupport

/// Calls a test expects to throw, test methods, and stored references to Security functions, each
/// across two files of one project (issue 32, points 3 and 4).
final class ExpectedThrowTests: XCTestCase {
    private var folder: ScratchFolder!

    override func setUpWithError() throws {
        folder = try ScratchFolder("throws")
        XCTAssertTrue(folder.write("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", platforms: [.macOS(.v13)])\n"))
    }

    override func tearDown() {
        folder = nil
    }

    /// `path:line rule` of each finding of the two rules these shapes decide, with `files` the
    /// project's only Swift files.
    private func lint(_ files: [String: String]) -> [String] {
        let old = (try? FileManager.default.contentsOfDirectory(atPath: folder.root)) ?? []
        for name in old where name.hasSuffix(".swift") && name != "Package.swift" {
            try? FileManager.default.removeItem(atPath: folder.root + "/" + name)
        }
        for (path, text) in files { XCTAssertTrue(folder.write(path, text)) }
        do {
            let rules = ["missing-data-protection-keychain", "unhandled-duplicate-item"]
            let result = try LintEngine(configuration: LintConfiguration(rules: rules, workingDirectory: folder.root)).lint(["."])
            XCTAssertEqual(result.problems, [])
            return result.findings.map { "\($0.path.hasPrefix("./") ? String($0.path.dropFirst(2)) : $0.path):\($0.line) \($0.ruleID)" }
        } catch {
            XCTFail("\(error)")
            return []
        }
    }

    /// `check` validates before its lookup; `save` adds, then throws on a failed status.
    private let vault = """
    import Security
    enum VaultError: Error { case invalid, status(OSStatus) }
    enum Vault {
        static func check(_ query: [String: Any]) throws -> Bool {
            guard query[kSecClass as String] != nil else { throw VaultError.invalid }
            return SecItemCopyMatching(query as CFDictionary, nil) == errSecSuccess
        }
        static func save(_ item: [String: Any]) throws {
            let status = SecItemAdd(item as CFDictionary, nil)
            guard status == errSecSuccess else { throw VaultError.status(status) }
        }
    }
    """

    private func caller(_ call: String, importing module: String) -> String {
        """
        import \(module)
        import Security
        func probe() {
            let q: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "s"]
            \(call)
        }
        """
    }

    func testAnExpectedThrowStopsAtAValidationGuardButNotBeforeAWrite() {
        let expectations = [
            ("XCTest", "XCTAssertThrowsError(try Vault.check(q))", "XCTAssertThrowsError(try Vault.save(q))"),
            ("Testing", "#expect(throws: VaultError.self) { try Vault.check(q) }", "#expect(throws: VaultError.self) { try Vault.save(q) }"),
            ("Testing", "_ = try? #require(throws: (any Error).self) { _ = try Vault.check(q) }",
             "_ = try? #require(throws: (any Error).self) { try Vault.save(q) }"),
        ]
        for (module, guarded, written) in expectations {
            XCTAssertEqual(lint(["Vault.swift": vault, "Tests.swift": caller(guarded, importing: module)]), [], guarded)
            // `save` decides the outcome itself (it throws): its one call's missing flag is reported at its add.
            XCTAssertEqual(lint(["Vault.swift": vault, "Tests.swift": caller(written, importing: module)]),
                           ["Vault.swift:9 missing-data-protection-keychain"], written)
        }
    }

    /// The guard decides only for a call that is expected to throw: called plainly (or asserted not
    /// to throw), the lookup behind it is reached.
    func testACallNotExpectedToThrowPassesTheGuards() {
        for call in ["_ = try? Vault.check(q)", "XCTAssertNoThrow(try Vault.check(q))", "XCTAssertThrowsError(try other()); _ = try? Vault.check(q)"] {
            XCTAssertEqual(lint(["Vault.swift": vault, "Tests.swift": caller(call, importing: "XCTest")]),
                           ["Vault.swift:6 missing-data-protection-keychain"], call)
        }
    }

    private let session = """
    import Security
    struct Session {
        func testConnection() {
            SecItemDelete([kSecClass: kSecClassGenericPassword, kSecAttrService: "s", kSecUseDataProtectionKeychain: true] as CFDictionary)
        }
    }
    """

    private let refresher = """
    import Security
    struct Refresher {
        let session = Session()
        func refresh(_ token: Data) -> Bool {
            session.testConnection()
            let status = SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "s", kSecAttrAccount: "a",
                                     kSecValueData: token, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            return status == errSecSuccess
        }
    }
    """

    /// `func test…()` changes no item only in a test file: an app's `testConnection()` deletes
    /// before its caller's add.
    func testOnlyATestFilesTestMethodIsTakenToChangeNothing() {
        XCTAssertEqual(lint(["Session.swift": session, "Refresher.swift": refresher]), [])
        XCTAssertEqual(lint(["Session.swift": "import XCTest\n" + session, "Refresher.swift": refresher]),
                       ["Refresher.swift:6 unhandled-duplicate-item"])
        let attributed = session.replacingOccurrences(of: "func testConnection()", with: "@Test func connects()")
        XCTAssertEqual(lint(["Session.swift": attributed, "Refresher.swift": refresher.replacingOccurrences(of: "testConnection", with: "connects")]),
                       ["Refresher.swift:6 unhandled-duplicate-item"], "a @Test function is a test in any file")
    }

    /// A static stored reference is reached as `Type.name(…)` only: another type's `add(_:_:)`,
    /// called through a value, is not SecItemAdd.
    func testAStaticReferenceIsKeyedByItsType() {
        let calls = "import Security\nstruct KeychainCalls { static let add = SecItemAdd }\n"
        let item = "[kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: \"s\", kSecAttrAccount as String: \"a\"]"
        let typed = "import Security\nfunc save() -> OSStatus {\n    return KeychainCalls.add(\(item) as CFDictionary, nil)\n}\n"
        let other = "import Security\nfunc fill(cart: Cart) -> OSStatus {\n    return cart.add(\(item) as CFDictionary, nil)\n}\n"
        XCTAssertEqual(lint(["Calls.swift": calls, "Typed.swift": typed]), ["Typed.swift:3 missing-data-protection-keychain"])
        XCTAssertEqual(lint(["Calls.swift": calls, "Other.swift": other]), [])
        let instance = calls.replacingOccurrences(of: "static let", with: "let")
        XCTAssertEqual(lint(["Calls.swift": instance, "Other.swift": other]), ["Other.swift:3 missing-data-protection-keychain"],
                       "an instance property is reached through a value whose type the file may not say")
    }
}
