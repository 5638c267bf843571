import XCTest
import KeychainLint
import KeychainLintTestSupport

/// How the inventory puts operations and findings on items, both ways: a query that names fewer
/// attributes than the adds joins every item it can match and no other; a finding reaches the
/// item of the operation it is about (through a helper in another file too), not another
/// operation's on the same line; a wrapper's calls are operations on the instance's item.
final class InventoryMatchingTests: XCTestCase {
    private var folder: ScratchFolder!

    override func setUpWithError() throws {
        folder = try ScratchFolder("inventory-matching")
        XCTAssertTrue(folder.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", platforms: [.iOS(.v16), .macOS(.v13)], targets: [.target(name: "App", path: "Sources")])
            """))
    }

    override func tearDown() {
        folder = nil
    }

    private func items(_ files: [String: String]) throws -> [InventoryItem] {
        for (rel, text) in files { XCTAssertTrue(folder.write(rel, text)) }
        let inventory = try LintEngine(configuration: LintConfiguration(workingDirectory: folder.root)).inventory(["."])
        XCTAssertEqual(inventory.problems, [])
        return inventory.items
    }

    private func ops(_ item: InventoryItem?) -> [String] {
        (item?.operations ?? []).map { "\($0.kind.rawValue) \($0.line)" }
    }

    private static let ledger = """
        import Security
        func storeLedger(_ d: Data, account: String) {
            SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "ledger.main", kSecAttrAccount: account,
                        kSecUseDataProtectionKeychain: true, kSecValueData: d] as CFDictionary, nil)
        }
        func storeBackup(_ d: Data) {
            SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "ledger.backup", kSecAttrAccount: "only",
                        kSecUseDataProtectionKeychain: true, kSecValueData: d] as CFDictionary, nil)
        }
        func forgetLedger() {
            SecItemDelete([kSecClass: kSecClassGenericPassword, kSecAttrService: "ledger.main"] as CFDictionary)
        }
        func forgetEverything() {
            SecItemDelete([kSecClass: kSecClassGenericPassword] as CFDictionary)
        }
        func peekForeign() -> Bool {
            SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecAttrService: "ledger.elsewhere"] as CFDictionary, nil) == 0
        }
        func peekWrongAccount() -> Bool {
            SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecAttrService: "ledger.backup", kSecAttrAccount: "other",
                                 kSecAttrSynchronizable: kSecAttrSynchronizableAny] as CFDictionary, nil) == 0
        }
        """

    func testANarrowerQueryIsAnOperationOnEveryItemItCanMatch() throws {
        let items = try items(["Sources/Ledger.swift": Self.ledger])
        func item(_ service: String) -> InventoryItem? { items.first { $0.identity.service == .literal(service) } }
        // Delete by service: the main item's. Delete by class alone: both stored items'.
        XCTAssertEqual(ops(item("ledger.main")), ["add 3", "delete 11", "delete 14"])
        XCTAssertEqual(ops(item("ledger.backup")), ["add 7", "delete 14"])
        // Its attributes stay the stored item's: the narrower query names nothing of its own.
        XCTAssertEqual(item("ledger.main")?.identity.account.map { $0.literal == nil }, true)
    }

    func testAQueryThatMatchesNoStoredItemStaysItsOwnItem() throws {
        let items = try items(["Sources/Ledger.swift": Self.ledger])
        // Another service: an item another process made. Same service, another account: no match either.
        XCTAssertEqual(items.filter { $0.identity.service == .literal("ledger.elsewhere") }.map(ops), [["read 17"]])
        XCTAssertEqual(items.filter { $0.identity.account == .literal("other") }.map(ops), [["read 20"]])
        XCTAssertEqual(items.count, 4, "two stored services stay two items: \(items.map(\.identity))")
    }

    func testAFindingGoesToTheOperationItIsAboutNotToAnotherOnItsLine() throws {
        let source = """
            import Security
            func rotate(_ d: Data) {
                SecItemDelete([kSecClass: kSecClassGenericPassword, kSecAttrService: "one", kSecAttrAccount: "a"] as CFDictionary); SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "two", kSecAttrAccount: "b", kSecValueData: d] as CFDictionary, nil)
            }
            """
        let items = try items(["Sources/Rotate.swift": source])
        let two = try XCTUnwrap(items.first { $0.identity.service == .literal("two") })
        let one = try XCTUnwrap(items.first { $0.identity.service == .literal("one") })
        // Each operation lacks the data protection flag; only the add discards its status.
        XCTAssertEqual(two.findings, ["missing-data-protection-keychain", "unhandled-duplicate-item"])
        XCTAssertEqual(one.findings, ["missing-data-protection-keychain"], "the delete on the same line")
    }

    func testAFindingAtAHelpersKeyReachesTheItemWhoseOperationUsesTheHelper() throws {
        let helper = """
            import Security
            func pinQuery(account: String) -> [String: Any] {
                [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "pins",
                 kSecAttrAccount as String: account, kSecUseDataProtectionKeychain as String: true,
                 kSecAttrAccessible as String: kSecAttrAccessibleAlways]
            }
            """
        let user = """
            import Security
            func savePin(_ d: Data, user: String) {
                var q = pinQuery(account: user)
                q[kSecValueData as String] = d
                let status = SecItemAdd(q as CFDictionary, nil)
                if status == errSecDuplicateItem { SecItemUpdate(pinQuery(account: user) as CFDictionary, [kSecValueData: d] as CFDictionary) }
            }
            """
        let items = try items(["Sources/PinQuery.swift": helper, "Sources/PinUser.swift": user])
        XCTAssertEqual(items.count, 1)
        XCTAssertEqual(items.first?.findings, ["deprecated-accessibility"])
        XCTAssertEqual(items.first?.operations.map(\.path), ["./Sources/PinUser.swift", "./Sources/PinUser.swift"])
    }

    func testAWrappersCallsAreOperationsOnTheInstancesItem() throws {
        let store = """
            import KeychainAccess
            final class SessionStore {
                private let vault = Keychain(service: "com.example.session")
                private let archive: Keychain
                private let given: Keychain
                init(given: Keychain) {
                    archive = Keychain(service: "com.example.archive")
                    self.given = given
                }
                func save(_ token: String) throws {
                    vault["token"] = token
                    try archive.set(token, key: "old")
                }
                func token() -> String? { vault["token"] }
                func clear() throws {
                    vault["token"] = nil
                    try given.remove("token")
                }
                func lookup(_ table: [String: String]) -> String? { table["token"] }
            }
            """
        let items = try items(["Sources/Session.swift": store])
        func item(_ service: String) -> InventoryItem? { items.first { $0.identity.service == .literal(service) } }
        XCTAssertEqual(ops(item("com.example.session")), ["configure 3", "add 11", "read 14", "delete 16"])
        XCTAssertEqual(ops(item("com.example.archive")), ["configure 7", "add 12"])
        // A parameter's instance: listed, unresolved, with the receiver; the dictionary is no instance.
        let given = try XCTUnwrap(items.first { $0.identity.itemClass?.literal == nil })
        XCTAssertEqual(ops(given), ["delete 17"])
        XCTAssertEqual(given.library, "KeychainAccess")
        XCTAssertTrue(given.unresolved.first?.contains("given") == true, "\(given.unresolved)")
        XCTAssertEqual(items.count, 3)
    }

    func testKeychainSwiftCallsOnALocalInstanceAreOneItem() throws {
        let source = """
            import KeychainSwift
            func remember(_ value: String) -> String? {
                let keychain = KeychainSwift()
                keychain.set(value, forKey: "k")
                defer { keychain.delete("k") }
                return keychain.get("k")
            }
            func notAWrapper(_ cache: NSCache<NSString, NSString>) { _ = cache.object(forKey: "k") }
            """
        let items = try items(["Sources/Remember.swift": source])
        XCTAssertEqual(items.count, 1)
        XCTAssertEqual(ops(items.first), ["add 4", "delete 5", "read 6"])
        XCTAssertEqual(items.first?.library, "KeychainSwift")
        XCTAssertEqual(items.first?.accessibility, .computed(expression: "KeychainSwift's default"))
    }

    /// A helper's own operation, where the dictionary is its caller's (unknown in its body), is the
    /// calls' operation: it joins no item of its own, whether the helper is private (same file) or
    /// another file's; an operation whose dictionary no call explains stays an unresolved item.
    func testAHelpersOperationIsItsCallersNotAnItemOfItsOwn() throws {
        let found = try items([
            "Sources/Vault.swift": """
                import Security
                final class Vault {
                    func save(_ d: Data) throws {
                        try insert([kSecClass: kSecClassGenericPassword, kSecAttrService: "vault", kSecAttrAccount: "me",
                                    kSecUseDataProtectionKeychain: true, kSecValueData: d] as CFDictionary)
                    }
                    private func insert(_ query: CFDictionary) throws {
                        let status = SecItemAdd(query, nil)
                        if status != errSecSuccess { throw NSError(domain: "vault", code: Int(status)) }
                    }
                    func wipe(_ query: CFDictionary) -> OSStatus { SecItemDelete(query) }
                }
                """,
            "Sources/Remote.swift": """
                import Security
                enum Remote {
                    static func remove(_ query: [String: Any]) throws {
                        let status = SecItemDelete(query as CFDictionary)
                        if status != errSecSuccess { throw NSError(domain: "remote", code: Int(status)) }
                    }
                }
                """,
            "Sources/Caller.swift": """
                import Security
                func forget() throws {
                    try Remote.remove([kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "vault",
                                       kSecAttrAccount as String: "me", kSecUseDataProtectionKeychain as String: true])
                }
                """,
        ])
        let vault = found.first { $0.identity.service == .literal("vault") }
        XCTAssertEqual(Set(ops(vault)), ["add 4", "delete 3"])
        // `wipe` has no caller: its delete of a dictionary nobody shows stays listed, unresolved;
        // `insert`'s add, which `save` reaches, is not listed with it.
        XCTAssertEqual(found.count, 2, found.map(\.identity).description)
        XCTAssertEqual(ops(found.first { $0.identity.service == nil }), ["delete 11"])
    }
}
