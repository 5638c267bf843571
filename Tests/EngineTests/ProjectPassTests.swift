import XCTest
import KeychainLint
import KeychainLintTestSupport

/// The project-wide first pass: symbols one file declares change what another file's lint finds,
/// and only when the name means one thing across the tree.
final class ProjectPassTests: XCTestCase {
    private var folder: ScratchFolder!
    private var root: String { folder.root }

    override func setUpWithError() throws {
        folder = try ScratchFolder("project")
    }

    override func tearDown() {
        folder = nil
    }

    private func write(_ rel: String, _ text: String) {
        XCTAssertTrue(folder.write(rel, text))
    }

    /// Findings as `path:line rule`, from an engine run of the rules the test is about.
    private func lint(_ paths: [String] = ["."], only rules: String, parallel: Bool = true) -> [String] {
        let ids = rules.split(separator: ",").map(String.init)
        do {
            let engine = try LintEngine(configuration: LintConfiguration(rules: ids, parallel: parallel, workingDirectory: root))
            let result = engine.lint(paths)
            XCTAssertEqual(result.problems, [])
            return result.findings.map { "\($0.path):\($0.line) \($0.ruleID)" }
        } catch {
            XCTFail("\(error)")
            return []
        }
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

    /// `private`/`fileprivate` names cannot be used from another file: they are not offered to it,
    /// and they do not make another file's name of the same spelling mean two things.
    func testFilePrivateAliasesStayInTheirFile() {
        write("Keys.swift", aliases.replacingOccurrences(of: "let ", with: "private let ")
            .replacingOccurrences(of: "static var", with: "fileprivate static var"))
        write("Store.swift", webLogin)
        XCTAssertEqual(lint(only: webRules), [], "Store.swift cannot see Keys.swift's private names")

        write("Keys.swift", aliases)
        write("Other.swift", "private let AttributeService = String(kSecAttrAccount)\nstruct S { private var Class: String { String(kSecAttrLabel) } }\n")
        XCTAssertEqual(lint(only: webRules), ["./Store.swift:2 generic-password-web-login"],
                       "Other.swift's private AttributeService and Class are not the names Store.swift uses")
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

    private let sharedGroupHelper = """
    import Security
    enum Queries {
        static func shared() -> [String: Any] {
            [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "svc",
             kSecAttrAccessGroup as String: "com.example.shared",
             kSecUseDataProtectionKeychain as String: true]
        }
    }
    """

    private func sharedGroupCaller(_ name: String) -> String {
        """
        func read\(name)() -> OSStatus {
            var q = Queries.shared()
            q[kSecAttrAccount as String] = "\(name)"
            return SecItemCopyMatching(q as CFDictionary, nil)
        }
        """
    }

    func testAWrongEntryOfAHelperIsReportedOnceAtItsKeyNotAtEachCaller() {
        write("Queries.swift", sharedGroupHelper)
        for name in ["A", "B", "C"] { write("\(name).swift", sharedGroupCaller(name)) }
        XCTAssertEqual(lint(only: "access-group-team-id"), ["./Queries.swift:5 access-group-team-id"])
        XCTAssertEqual(lint(only: "access-group-team-id", parallel: false), ["./Queries.swift:5 access-group-team-id"])
    }

    func testASuppressionAtTheHelperKeyHidesTheRelocatedFindingAndIsNotSuperfluous() {
        write("Queries.swift", sharedGroupHelper.replacingOccurrences(
            of: "         kSecAttrAccessGroup", with: "         // keychain-lint:disable:next access-group-team-id - legacy\n         kSecAttrAccessGroup"))
        write("A.swift", sharedGroupCaller("A"))
        XCTAssertEqual(lint(only: "access-group-team-id,superfluous-suppression"), [])
    }

    func testAHelperUsedByNoFileKeepsItsEntryFindingInItsOwnFile() {
        write("Queries.swift", sharedGroupHelper)
        XCTAssertEqual(lint(only: "access-group-team-id"), ["./Queries.swift:5 access-group-team-id"])
    }

    func testAHelperThatForwardsAnotherFilesHelperResolvesBothLevels() {
        write("Service.swift", """
        import Security
        struct Service {
            func makeQuery() -> [String: Any] {
                [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "https://example.com",
                 kSecUseDataProtectionKeychain as String: true]
            }
        }
        """)
        write("Store.swift", """
        final class Store {
            let service = Service()
            var baseQuery: [String: Any] { service.makeQuery() }
        }
        """)
        write("Writer.swift", """
        func write(_ store: Store, _ d: Data) -> OSStatus {
            var q = store.baseQuery
            q[kSecValueData as String] = d
            let status = SecItemAdd(q as CFDictionary, nil)
            return status
        }
        """)
        // The web address is the first helper's entry: reported there. The missing account needs
        // the class, which only the two-level chain supplies.
        XCTAssertEqual(lint(only: "generic-password-web-login,generic-password-missing-primary-key"),
                       ["./Service.swift:4 generic-password-web-login", "./Writer.swift:4 generic-password-missing-primary-key"])
    }

    func testComputedKeyPropertiesAndConversionFunctionsAreAliasesAcrossFiles() {
        write("Constants.swift", """
        import Security
        public struct Constants {
            public static var klass: String { return toString(kSecClass) }
            public static var account: String { return toString(kSecAttrAccount) }
            public static var valueData: String { toString(kSecValueData) }
            static func toString(_ value: CFString) -> String { return value as String }
        }
        struct Other { static var account: String { "not a key" } }
        """)
        write("Store.swift", """
        func set(_ v: Data) -> OSStatus {
            let account = "a local of the same name"
            let q: [String: Any] = [Constants.klass: kSecClassGenericPassword, Constants.account: account,
                                    Constants.valueData: v, kSecUseDataProtectionKeychain as String: true]
            return SecItemAdd(q as CFDictionary, nil)
        }
        """)
        XCTAssertEqual(lint(only: "generic-password-missing-primary-key"), ["./Store.swift:5 generic-password-missing-primary-key"])
        // Not aliases: a conversion that does more than hand its argument back.
        write("Constants.swift", """
        import Security
        public struct Constants {
            public static var klass: String { return toString(kSecClass) }
            static func toString(_ value: CFString) -> String { return "prefix" + (value as String) }
        }
        """)
        XCTAssertEqual(lint(only: "generic-password-missing-primary-key"), [])
    }

    func testParallelAndSequentialRunsAgree() {
        write("Keys.swift", aliases)
        for i in 0..<40 {
            write("Stores/Store\(i).swift", webLogin)
            write("Plain/Plain\(i).swift", "struct Plain\(i) { var x = \(i) }\n")
        }
        let parallel = lint(only: webRules)
        XCTAssertEqual(parallel.count, 40)
        XCTAssertEqual(parallel, lint(only: webRules, parallel: false))
    }
}
