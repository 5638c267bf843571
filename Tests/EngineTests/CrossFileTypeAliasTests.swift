import XCTest
import KeychainLint
import KeychainLintTestSupport

/// A dictionary type named by a `typealias` in one file and used in others
/// (`FileSymbols.dictionaryTypeAliases`): a function taking it is summarised, a member declared
/// with it is another file's dictionary, and `Alias()` is an empty one. Both ways, and the
/// project rounds agree with the exhaustive run.
final class CrossFileTypeAliasTests: XCTestCase {
    private func lint(_ files: [String: String], exhaustive: Bool = false) throws -> [String] {
        try scratchProjectFindings("type-aliases", platforms: ".macOS(.v13)", files: files, rule: "missing-data-protection-keychain",
                                   exhaustive: exhaustive)
    }

    private let aliases = """
    typealias Attributes = [String: Any]
    """

    private let store = """
    import Security
    struct Store {
        func save(_ attributes: Attributes) throws {
            let status = SecItemAdd(attributes as CFDictionary, nil)
            if status != errSecSuccess { throw NSError(domain: NSOSStatusErrorDomain, code: Int(status)) }
        }
    }
    """

    private let items = """
    import Security
    protocol Item {
        var account: String { get }
    }
    extension Item {
        var attributes: Attributes {
            var attributes = Attributes()
            attributes[kSecClass as String] = kSecClassGenericPassword
            attributes[kSecAttrService as String] = "com.example"
            attributes[kSecAttrAccount as String] = account
            FLAG
            return attributes
        }
        func save() throws { try Store().save(attributes) }
    }
    """

    func testAnotherFilesAliasMakesAParameterAndAMemberDictionaries() throws {
        let files = ["Aliases.swift": aliases, "Store.swift": store, "Items.swift": items.replacingOccurrences(of: "FLAG", with: "")]
        XCTAssertEqual(try lint(files), ["Store.swift:4"])
        XCTAssertEqual(try lint(files, exhaustive: true), ["Store.swift:4"])
    }

    func testTheFlagInTheAliasTypedMemberCounts() throws {
        let flagged = items.replacingOccurrences(of: "FLAG", with: "attributes[kSecUseDataProtectionKeychain as String] = true")
        XCTAssertEqual(try lint(["Aliases.swift": aliases, "Store.swift": store, "Items.swift": flagged]), [])
    }

    func testWithoutTheAliasNothingIsADictionary() throws {
        XCTAssertEqual(try lint(["Store.swift": store, "Items.swift": items.replacingOccurrences(of: "FLAG", with: "")]), [])
    }

    /// A file whose only keychain-related text is the alias is still read for what it declares.
    func testTheBytesOfAFileThatDeclaresADictionaryAliasAreRecognised() {
        func declares(_ text: String) -> Bool { SymbolPrefilter.declaresDictionaryTypeAlias(Array(text.utf8)) }
        XCTAssertTrue(declares("public typealias Attributes = [String: Any]"))
        XCTAssertTrue(declares("typealias Index = [String: [String: Element]]"))
        XCTAssertTrue(declares("typealias Options = Dictionary<String, Any>"))
        XCTAssertTrue(declares("typealias Keys = [String]\ntypealias Q = NSDictionary"))
        XCTAssertFalse(declares("typealias Keys = [String]"))
        XCTAssertFalse(declares("typealias Handler = (Result<[String: Any], Error>) -> Void"))
        XCTAssertFalse(declares("// typealias in prose, no declaration"))
    }

    /// `service.remove(q)` on a value whose type has a method `remove(_:)` calls that method, not
    /// another type's stored `var remove = SecItemDelete`.
    func testAMethodOfTheReceiversTypeIsNoOtherTypesStoredOperation() throws {
        let injected = """
        import Security
        final class Injected {
            var remove = SecItemDelete
        }
        """
        let service = """
        import Security
        struct Service {
            func remove(_ query: [String: Any]) throws {
                let status = SecItemDelete(query as CFDictionary)
                if status != errSecSuccess { throw NSError(domain: NSOSStatusErrorDomain, code: Int(status)) }
            }
        }
        """
        let caller = """
        import Security
        func wipe(_ service: Service) throws {
            try service.remove([kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example"])
        }
        """
        XCTAssertEqual(try lint(["Injected.swift": injected, "Service.swift": service, "Caller.swift": caller]), ["Service.swift:4"])
    }
}
