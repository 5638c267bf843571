import XCTest
import KeychainLint
import KeychainLintTestSupport

/// In-memory buffers in place of files (`LintEngine.lint(_:overlays:)`): an editor's unsaved text
/// takes part in every pass of the project analysis, and a buffer with no file is linted too.
final class OverlayTests: XCTestCase {
    private var folder: ScratchFolder!
    private var root: String { folder.root }

    override func setUpWithError() throws {
        folder = try ScratchFolder("overlay")
    }

    override func tearDown() {
        folder = nil
    }

    private func write(_ rel: String, _ text: String) {
        XCTAssertTrue(folder.write(rel, text))
    }

    private func run(_ paths: [String] = ["."], overlays: [String: String], only rules: String) -> LintResult? {
        do {
            let engine = try LintEngine(configuration: LintConfiguration(rules: rules.split(separator: ",").map(String.init),
                                                                         workingDirectory: root))
            return engine.lint(paths, overlays: overlays)
        } catch {
            XCTFail("\(error)")
            return nil
        }
    }

    /// Findings as `path:line rule`; the run must have no problems.
    private func lint(_ paths: [String] = ["."], overlays: [String: String], only rules: String) -> [String] {
        guard let result = run(paths, overlays: overlays, only: rules) else { return [] }
        XCTAssertEqual(result.problems, [])
        return result.findings.map { "\($0.path):\($0.line) \($0.ruleID)" }
    }

    private func base(accessible: String) -> String {
        """
        func deviceQuery(service: String) -> [String: Any] {
            [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
             kSecAttrAccessible as String: \(accessible),
             kSecUseDataProtectionKeychain as String: true]
        }
        """
    }

    private let store = """
    func save(_ data: Data) {
        var q = deviceQuery(service: "com.example.token")
        q[kSecAttrSynchronizable as String] = true
        q[kSecValueData as String] = data
        SecItemAdd(q as CFDictionary, nil)
    }
    """

    func testAnOverlaidHelperChangesTheFindingsOfTheFileThatUsesIt() {
        write("Base.swift", base(accessible: "kSecAttrAccessibleAfterFirstUnlock"))
        write("Store.swift", store)
        XCTAssertEqual(lint(overlays: [:], only: "sync-this-device-only"), [])
        let edited = base(accessible: "kSecAttrAccessibleWhenUnlockedThisDeviceOnly")
        XCTAssertEqual(lint(overlays: ["Base.swift": edited], only: "sync-this-device-only"),
                       ["./Store.swift:3 sync-this-device-only"])
        XCTAssertEqual(lint(overlays: [root + "/./Base.swift": edited], only: "sync-this-device-only"),
                       ["./Store.swift:3 sync-this-device-only"], "an absolute key, spelled loosely, is the same file")
    }

    func testAnOverlayReplacesTheFilesOwnTextAndLines() {
        write("Store.swift", "func f() {}\n")
        let text = "import Security\n\nlet q = [kSecAttrAccessible: kSecAttrAccessibleAlways]\n"
        XCTAssertEqual(lint(overlays: ["Store.swift": text], only: "deprecated-accessibility"),
                       ["./Store.swift:3 deprecated-accessibility"])
        XCTAssertEqual(lint(overlays: [:], only: "deprecated-accessibility"), [], "the file on disk is unchanged")
    }

    func testAnOverlayWithNoFileOnDiskIsLintedAndDeclaresForTheOthers() throws {
        write("Store.swift", store)
        let edited = base(accessible: "kSecAttrAccessibleWhenUnlockedThisDeviceOnly")
        let result = try XCTUnwrap(run(overlays: ["Sub/Base.swift": edited], only: "sync-this-device-only"))
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.findings.map { "\($0.path):\($0.line)" }, ["./Store.swift:3"])
        XCTAssertEqual(result.lintedPaths.sorted(), ["./Store.swift", "./Sub/Base.swift"])
    }

    func testAnArgumentThatIsOnlyAnOverlayIsLintedUnderItsNameWithoutAnError() {
        let text = "let q = [kSecAttrAccessible: kSecAttrAccessibleAlways]\n"
        XCTAssertEqual(lint(["New.swift"], overlays: ["New.swift": text], only: "deprecated-accessibility"),
                       ["New.swift:1 deprecated-accessibility"])
        XCTAssertEqual(run(["Gone.swift"], overlays: ["New.swift": text], only: "deprecated-accessibility")?.problems.map(\.kind),
                       [.error], "a missing file that is no overlay is still an error")
    }

    func testOverlaysOutsideThePathsOrInSkippedFoldersAreNotLinted() {
        write("App/A.swift", "func f() {}\n")
        let text = "let q = [kSecAttrAccessible: kSecAttrAccessibleAlways]\n"
        XCTAssertEqual(lint(["App"], overlays: ["Other/B.swift": text, "App/.hidden/C.swift": text, "App/.build/D.swift": text,
                                                "App/notes.txt": text],
                            only: "deprecated-accessibility"), [])
        XCTAssertEqual(lint(["App"], overlays: ["App/Deep/E.swift": text], only: "deprecated-accessibility"),
                       ["App/Deep/E.swift:1 deprecated-accessibility"])
    }

    func testAnOverlaidEntitlementsFileIsReadInsteadOfTheFile() {
        write("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\")\n")
        let plist = { (group: String) in
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\n<key>keychain-access-groups</key>\n"
                + "<array><string>\(group)</string></array>\n</dict></plist>\n"
        }
        write("App.entitlements", plist("$(AppIdentifierPrefix)com.example.shared"))
        XCTAssertEqual(lint(overlays: [:], only: "entitlement-access-group-prefix"), [])
        XCTAssertEqual(lint(overlays: ["App.entitlements": plist("com.example.shared")], only: "entitlement-access-group-prefix"),
                       ["./App.entitlements:4 entitlement-access-group-prefix"])
        XCTAssertEqual(lint(overlays: ["New.entitlements": plist("com.example.shared")], only: "entitlement-access-group-prefix"),
                       ["./New.entitlements:4 entitlement-access-group-prefix"], "an unsaved plist is linted too")
    }
}
