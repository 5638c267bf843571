import XCTest
@testable import KeychainLintCLI
@testable import KeychainLintModel
@testable import KeychainLintRules

/// The project-wide first pass: symbols one file declares change what another file's lint finds,
/// and only when the name means one thing across the tree.
final class ProjectPassTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        let base = FileManager.default.temporaryDirectory.path
        root = (base.hasSuffix("/") ? base : base + "/") + "kl-project-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func write(_ rel: String, _ text: String) {
        let path = root + "/" + rel
        try! FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
    }

    /// Findings as `path:line rule`, from an in-process run of the rules the test is about.
    private func lint(_ args: [String] = ["."], only rules: String, jobs: String? = nil) -> [String] {
        let out = BufferSink(), err = BufferSink()
        let env = jobs.map { ["KEYCHAIN_LINT_JOBS": $0] } ?? [:]
        _ = CommandLineTool.run(arguments: ["--format", "json", "--only", rules] + args, environment: env, rules: Linter.defaultRules,
                                workingDirectory: root, stdout: out, stderr: err)
        guard let json = try? JSONSerialization.jsonObject(with: Data(out.text.utf8)) as? [String: Any],
              let findings = json["findings"] as? [[String: Any]] else {
            XCTFail("no JSON findings: \(out.text) \(err.text)")
            return []
        }
        return findings.map { "\($0["file"]!):\($0["line"]!) \($0["ruleId"]!)" }
    }

    private let webRules = "generic-password-web-login,sync-this-device-only,deprecated-accessibility"

    private let aliases = """
    import Security
    let Class = String(kSecClass)
    let GenericPassword = String(kSecClassGenericPassword)
    let AttributeService = String(kSecAttrService)
    let UseDataProtectionKeychain = String(kSecUseDataProtectionKeychain)
    enum Functions { static var add = SecItemAdd }
    """

    /// Names no Security constant at all, so only the first pass can make it readable.
    private let webLogin = """
    func save(_ data: Data) {
        let q: [String: Any] = [Class: GenericPassword, AttributeService: "https://example.com",
                                UseDataProtectionKeychain: true]
        _ = Functions.add(q as CFDictionary, nil)
    }
    """

    func testAFileThatOnlyUsesAliasesIsLintedWithTheFileThatDeclaresThem() {
        write("Keys.swift", aliases)
        write("Store.swift", webLogin)
        XCTAssertEqual(lint(only: webRules), ["./Store.swift:2 generic-password-web-login"])
        XCTAssertEqual(lint(["Store.swift"], only: webRules), [], "alone, the aliases mean nothing")
    }

    func testANameDeclaredWithTwoMeaningsIsNotResolved() {
        write("Keys.swift", aliases)
        write("Other.swift", "let AttributeService = String(kSecAttrAccount)\n")
        write("Store.swift", webLogin)
        XCTAssertEqual(lint(only: webRules), [], "AttributeService is the service in one file and the account in another")
    }

    func testAShadowedSecurityNameIsNotReadAsTheConstant() {
        write("Shim.swift", "let kSecAttrAccessibleAlways = kSecAttrAccessibleAfterFirstUnlock\n")
        write("Store.swift", """
        func save() {
            let q: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "s",
                                    kSecAttrAccessible as String: kSecAttrAccessibleAlways,
                                    kSecUseDataProtectionKeychain as String: true]
            SecItemAdd(q as CFDictionary, nil)
        }
        """)
        XCTAssertEqual(lint(only: webRules), [])
        XCTAssertEqual(lint(["Store.swift"], only: webRules), ["Store.swift:3 deprecated-accessibility"],
                       "without the shim the name is Security's deprecated constant")
    }

    func testAHelperExtendedInAnotherFileIsReportedOnceAtTheUse() {
        write("Base.swift", """
        func deviceQuery(service: String) -> [String: Any] {
            [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
             kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
             kSecUseDataProtectionKeychain as String: true]
        }
        """)
        write("Store.swift", """
        func save(_ data: Data) {
            var q = deviceQuery(service: "com.example.token")
            q[kSecAttrSynchronizable as String] = true
            q[kSecValueData as String] = data
            SecItemAdd(q as CFDictionary, nil)
        }
        """)
        XCTAssertEqual(lint(only: webRules), ["./Store.swift:3 sync-this-device-only"])
    }

    func testParallelAndSequentialRunsAgree() {
        write("Keys.swift", aliases)
        for i in 0..<40 {
            write("Stores/Store\(i).swift", webLogin)
            write("Plain/Plain\(i).swift", "struct Plain\(i) { var x = \(i) }\n")
        }
        let parallel = lint(only: webRules)
        XCTAssertEqual(parallel.count, 40)
        XCTAssertEqual(parallel, lint(only: webRules, jobs: "1"))
    }
}
