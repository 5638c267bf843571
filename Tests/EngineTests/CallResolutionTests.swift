import XCTest
import KeychainLint
import KeychainLintTestSupport

/// Which of the project's functions of a name a call can be. A bare call inside a type that
/// declares the name and labels itself is that type's function, not another type's of the same
/// name (a `static func insert(_:)` elsewhere once made a private helper's two callers be reported
/// one by one instead of once at its operation). A method that builds its own keychain dictionary
/// and merges a caller's extras is judged at calls that pass no keychain symbol, so it is a
/// candidate only where the file names its type: `Publisher.create(…)`, `.create(…)` and a value of
/// another type elsewhere are not it.
final class CallResolutionTests: XCTestCase {
    private func lint(_ files: [String: String], rules: [String] = ["missing-data-protection-keychain"]) throws -> [String] {
        let folder = try ScratchFolder("call-resolution")
        XCTAssertTrue(folder.write("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", platforms: [.macOS(.v13)])\n"))
        for (name, text) in files { XCTAssertTrue(folder.write("Sources/P/" + name, text)) }
        let engine = try LintEngine(configuration: LintConfiguration(rules: rules, workingDirectory: folder.root))
        return engine.lint(["."]).findings.map { "\(($0.path as NSString).lastPathComponent):\($0.line)" }.sorted()
    }

    private let tokenStore = """
    import Security
    final class TokenStore {
        private func insert(_ query: CFDictionary) throws {
            let status = SecItemAdd(query, nil)
            if status != errSecSuccess { throw NSError(domain: NSOSStatusErrorDomain, code: Int(status)) }
        }
        func save(_ token: Data) throws {
            try insert([kSecClass: kSecClassGenericPassword, kSecAttrService: "t", kSecAttrAccount: "a", kSecValueData: token] as CFDictionary)
        }
        func saveBackup(_ token: Data) throws {
            try insert([kSecClass: kSecClassGenericPassword, kSecAttrService: "b", kSecAttrAccount: "a", kSecValueData: token] as CFDictionary)
        }
    }
    """

    private let otherInsert = """
    import Security
    enum Archive {
        static func insert(_ attributes: [String: Any]) {
            _ = SecItemAdd(attributes as CFDictionary, nil)
        }
        static func keep(_ data: Data) {
            insert([kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "z", kSecAttrAccount as String: "a",
                    kSecValueData as String: data, kSecUseDataProtectionKeychain as String: true])
        }
    }
    """

    func testABareCallIsItsOwnTypesFunctionWhateverAnotherTypeDeclares() throws {
        XCTAssertEqual(try lint(["TokenStore.swift": tokenStore]), ["TokenStore.swift:4"])
        XCTAssertEqual(try lint(["TokenStore.swift": tokenStore, "Archive.swift": otherInsert]), ["TokenStore.swift:4"])
    }

    private let vault = """
    import Security
    final class Vault {
        func create(_ value: String, extraAttributes: [String: Any] = [:]) throws {
            var attributes: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "v",
                                             kSecAttrAccount as String: "a"]
            attributes.merge(extraAttributes) { current, _ in current }
            attributes[kSecValueData as String] = Data(value.utf8)
            let status = SecItemAdd(attributes as CFDictionary, nil)
            if status != errSecSuccess && status != errSecDuplicateItem { throw NSError(domain: NSOSStatusErrorDomain, code: Int(status)) }
        }
    }
    """

    func testABuilderOfItsOwnDictionaryIsCalledOnlyWhereItsTypeIsNamed() throws {
        let unrelated = """
        struct Post {}
        enum Change { case create(Post) }
        final class Publisher { static func create(_ post: Post) -> Publisher { Publisher() } }
        final class Repository { func create(_ name: String) {} }
        func publish(_ post: Post, into repository: Repository) -> [Change] {
            _ = Publisher.create(post)
            repository.create("x")
            return [.create(post)]
        }
        """
        let caller = """
        func remember(_ secret: String, in vault: Vault) throws {
            try vault.create(secret)
        }
        """
        XCTAssertEqual(try lint(["Vault.swift": vault, "Unrelated.swift": unrelated]), [])
        XCTAssertEqual(try lint(["Vault.swift": vault, "Unrelated.swift": unrelated, "Caller.swift": caller]), ["Vault.swift:8"])
    }
}
