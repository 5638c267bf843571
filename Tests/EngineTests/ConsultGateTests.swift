import XCTest
import KeychainLint
import KeychainLintModel
import KeychainLintTestSupport

/// The project rounds lint a file again only when a name it looked up may change its lint: a call
/// whose labels bind none of the project's functions of that name does not (`ConsultKinds`). Both
/// ways: what the first pass records, the decision, and a project whose answer depends on it.
final class ConsultGateTests: XCTestCase {
    private let linter = Linter(rules: Linter.defaultRules)

    private func analysis(_ text: String, symbols: ProjectSymbols = .empty) -> FileAnalysis {
        linter.analyze(path: "a.swift", bytes: Array(text.utf8), platforms: .all, symbols: symbols)
    }

    /// The project's findings in `folder`, one line each, with or without the rounds' shortcuts.
    private func findings(in folder: ScratchFolder, exhaustive: Bool) throws -> [String] {
        let engine = try LintEngine(configuration: LintConfiguration(exhaustive: exhaustive, workingDirectory: folder.root))
        return engine.lint(["."]).findings.map { "\($0.path):\($0.line):\($0.column) \($0.ruleID) \($0.message)" }
    }

    private let store = """
    import Security
    enum Store {
        static func read(forKey key: String, options: [String: Any]) -> OSStatus {
            var query = options
            query[kSecAttrAccount as String] = key
            return SecItemCopyMatching(query as CFDictionary, nil)
        }
    }
    """

    func testACallWhoseLabelsBindNoProjectFunctionOfItsNameIsNotLintedAgain() {
        let project = ProjectPass.symbols(from: [analysis(store)])
        XCTAssertNotNil(project.summaries["read"])
        let other = analysis("""
        import Security
        func load() -> OSStatus { cache.read([kSecClass as String: kSecClassGenericPassword]) }
        """)
        XCTAssertEqual(other.conditional["read"]?.callLabels, [["_"]])
        XCTAssertTrue(other.consulted.contains("read"))
        XCTAssertFalse(other.needsSecondPass(with: project, names: project.names))
        // The same check when the name's declaration changes in a later round, old and new symbols.
        XCTAssertFalse(other.mayUse(["read"], symbols: [project, .empty]))
        XCTAssertTrue(other.mayUse(["read"]), "without symbols, any consulted name counts")
    }

    func testACallWhoseLabelsBindIsLintedAgain() {
        let project = ProjectPass.symbols(from: [analysis(store)])
        let caller = analysis("""
        import Security
        func load() -> OSStatus { Store.read(forKey: "k", options: [kSecClass as String: kSecClassGenericPassword]) }
        """)
        XCTAssertEqual(caller.conditional["read"]?.callLabels, [["forKey", "options"]])
        XCTAssertTrue(caller.needsSecondPass(with: project, names: project.names))
        // A later round where the function went away still re-lints it: its last lint used it.
        XCTAssertTrue(caller.mayUse(["read"], symbols: [project, .empty]))
    }

    func testANameAlsoLookedUpAsAValueCountsWhateverTheLabels() {
        let project = ProjectPass.symbols(from: [analysis(store)])
        let mixed = analysis("""
        import Security
        func load() -> OSStatus {
            let query: [String: Any] = [kSecClass as String: read]
            return cache.read([kSecClass as String: kSecClassGenericPassword])
        }
        """)
        XCTAssertNil(mixed.conditional["read"])
        XCTAssertTrue(mixed.needsSecondPass(with: project, names: project.names))
    }

    /// End to end: the caller's finding comes from the round the gate lets through, and a file
    /// whose call binds nothing reports nothing, as the run without shortcuts does.
    func testProjectFindingsAreTheExhaustiveRunsFindings() throws {
        let folder = try ScratchFolder("consult-gate")
        XCTAssertTrue(folder.write("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", platforms: [.macOS(.v13)])\n"))
        XCTAssertTrue(folder.write("Sources/P/Store.swift", store))
        XCTAssertTrue(folder.write("Sources/P/Caller.swift", """
        import Security
        func load() -> OSStatus { Store.read(forKey: "k", options: [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "s"]) }
        func other() -> OSStatus { cache.read([kSecClass as String: kSecClassGenericPassword]) }
        """))
        let found = try findings(in: folder, exhaustive: false)
        XCTAssertEqual(found, try findings(in: folder, exhaustive: true))
        XCTAssertTrue(found.contains { $0.hasPrefix("./Sources/P/Caller.swift:2:") && $0.contains("missing-data-protection-keychain") }, "\(found)")
        XCTAssertFalse(found.contains { $0.hasPrefix("./Sources/P/Caller.swift:3:") }, "\(found)")
    }
    /// A subscript another file declares: the caller looks up the project's subscripts (under
    /// `subscript`, a keyword no function is named) and is linted again once they are known.
    func testASubscriptCallerIsLintedAgainWithTheProjectsSubscripts() throws {
        let items = """
        import Security
        struct Items { subscript(deleting query: [String: Any]) -> OSStatus { SecItemDelete(query as CFDictionary) } }
        """
        let caller = """
        import Security
        func clear(items: Items) -> OSStatus { items[deleting: [kSecClass as String: kSecClassGenericPassword]] }
        """
        let project = ProjectPass.symbols(from: [analysis(items)])
        XCTAssertEqual(project.summaries["subscript"]?.map(\.route), ["Items.subscript(deleting:)"])
        XCTAssertTrue(analysis(caller).needsSecondPass(with: project, names: project.names))

        let folder = try ScratchFolder("consult-gate-subscript")
        XCTAssertTrue(folder.write("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", platforms: [.macOS(.v13)])\n"))
        XCTAssertTrue(folder.write("Sources/P/Items.swift", items))
        XCTAssertTrue(folder.write("Sources/P/Caller.swift", caller))
        let found = try findings(in: folder, exhaustive: false)
        XCTAssertEqual(found, try findings(in: folder, exhaustive: true))
        XCTAssertTrue(found.contains { $0.hasPrefix("./Sources/P/Caller.swift:2:") && $0.contains("Items.subscript(deleting:)") }, "\(found)")
    }

    /// A wrapper that hands SecItemCopyMatching's status back: its callers decide.
    private let vault = """
    import Security
    enum Vault {
        static func fetch(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
            SecItemCopyMatching(query, result)
        }
    }
    """

    /// The findings of a project of `vault`, a file `forwarder` that forwards its parameter to it,
    /// and `caller`; the same with or without the rounds' shortcuts.
    private func forwarded(_ forwarder: String, caller: String) throws -> [String] {
        let folder = try ScratchFolder.package("consult-gate-forwarder", platforms: ".macOS(.v13)",
                                               files: ["Vault.swift": vault, "Forwarder.swift": forwarder, "Caller.swift": caller])
        let found = try findings(in: folder, exhaustive: false)
        XCTAssertEqual(found, try findings(in: folder, exhaustive: true))
        return found
    }

    /// A function of a file that names no keychain constant forwards its parameter to another
    /// file's status-returning wrapper, and returns the status inside a tuple: it decides, so its
    /// one caller's missing flag is reported at its call of the wrapper. The forwarding body is
    /// jumped over in the first pass (nothing there is a keychain name yet); its mention of the
    /// wrapper's name makes the file be linted again once the wrapper's summary is known.
    func testAForwarderOfAnotherFilesWrapperIsLintedAgainWithItsSummary() throws {
        let found = try forwarded("""
        import Foundation
        enum Timing {
            static func fetch(_ query: [String: Any]) -> (status: OSStatus, result: AnyObject?) {
                var result: AnyObject?
                let status = Vault.fetch(query as CFDictionary, &result)
                return (status, result)
            }
        }
        """, caller: """
        import Security
        func read() -> Bool {
            let (status, _) = Timing.fetch([kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "s"])
            return status == errSecSuccess
        }
        """)
        XCTAssertTrue(found.contains { $0.hasPrefix("./Sources/P/Forwarder.swift:5:") && $0.contains("missing-data-protection-keychain") }, "\(found)")
    }

    /// The same through a file that names no keychain constant and no `OSStatus`: it converts the
    /// dictionary it forwards (`as CFDictionary`), which the first pass reads files for.
    func testAForwarderThatNamesNoStatusIsReadToo() throws {
        let found = try forwarded("""
        import Foundation
        enum Lookup {
            static func found(_ query: [String: Any]) -> Bool {
                var result: AnyObject?
                return Vault.fetch(query as CFDictionary, &result) == 0
            }
        }
        """, caller: """
        import Security
        func read() -> Bool { Lookup.found([kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "s"]) }
        """)
        XCTAssertTrue(found.contains { $0.hasPrefix("./Sources/P/Forwarder.swift:5:") && $0.contains("missing-data-protection-keychain") }, "\(found)")
    }
}
