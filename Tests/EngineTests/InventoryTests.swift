import XCTest
import KeychainLint
import KeychainLintTestSupport

/// `LintEngine.inventory(_:)` through the public API, both ways: what must be one item is one,
/// what must be two is two, and what the analysis cannot resolve is listed with its expression.
final class InventoryTests: XCTestCase {
    private var folder: ScratchFolder!

    override func setUpWithError() throws {
        folder = try ScratchFolder("inventory")
        XCTAssertTrue(folder.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", platforms: [.iOS(.v16), .macOS(.v13)], targets: [.target(name: "App", path: "Sources")])
            """))
    }

    override func tearDown() {
        folder = nil
    }

    private func inventory(_ files: [String: String]) throws -> KeychainInventory {
        for (rel, text) in files { XCTAssertTrue(folder.write(rel, text)) }
        let engine = try LintEngine(configuration: LintConfiguration(workingDirectory: folder.root))
        let inventory = engine.inventory(["."])
        XCTAssertEqual(inventory.problems, [])
        return inventory
    }

    private static let helper = """
        import Security
        func vaultQuery(account: String) -> [String: Any] {
            [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.vault",
             kSecAttrAccount as String: account, kSecUseDataProtectionKeychain as String: true]
        }
        func vaultSave(_ data: Data, account: String) -> OSStatus {
            var q = vaultQuery(account: account)
            q[kSecValueData as String] = data
            q[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlocked
            let status = SecItemAdd(q as CFDictionary, nil)
            return status == errSecDuplicateItem ? SecItemUpdate(vaultQuery(account: account) as CFDictionary, [kSecValueData: data] as CFDictionary) : status
        }
        """

    func testAnItemAHelperMakesInOneFileAndAnotherFileReadsIsOneItem() throws {
        let reader = """
            import Security
            func vaultRead(user: String) -> Bool {
                var q = vaultQuery(account: user)
                q[kSecReturnData as String] = true
                return SecItemCopyMatching(q as CFDictionary, nil) == errSecSuccess
            }
            """
        let items = try inventory(["Sources/Vault.swift": Self.helper, "Sources/Reader.swift": reader]).items
        XCTAssertEqual(items.count, 1, "\(items)")
        let item = try XCTUnwrap(items.first)
        XCTAssertEqual(item.identity.service, .literal("com.example.vault"))
        XCTAssertEqual(item.operations.map { "\($0.kind.rawValue) \($0.path):\($0.line)" },
                       ["read ./Sources/Reader.swift:5", "add ./Sources/Vault.swift:10", "update ./Sources/Vault.swift:11"])
        XCTAssertEqual(item.accessibility, .literal("kSecAttrAccessibleWhenUnlocked"))
        XCTAssertEqual(item.dataProtectionKeychain, .literal("true"))
        XCTAssertEqual(item.platforms, [.macOS, .iOS])
        // The account is the helper's parameter: shown as the expression, never guessed.
        guard case .computed(let expression)? = item.identity.account else { return XCTFail("\(item.identity)") }
        XCTAssertTrue(expression.contains("account"), expression)
        XCTAssertEqual(item.unresolved.count, 1)
    }

    func testTwoServicesAreTwoItems() throws {
        let other = Self.helper.replacingOccurrences(of: "vault", with: "notes").replacingOccurrences(of: "Vault", with: "Notes")
        let items = try inventory(["Sources/Vault.swift": Self.helper, "Sources/Notes.swift": other]).items
        XCTAssertEqual(items.map { $0.identity.service }, [.literal("com.example.notes"), .literal("com.example.vault")])
    }

    func testAClassTheCodeComputesIsListedAsUnresolvedWithItsExpression() throws {
        let blob = """
            import Security
            func put(_ data: Data, kind: CFString) -> OSStatus {
                let status = SecItemAdd([kSecClass: kind, kSecValueData: data, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
                return status
            }
            """
        let items = try inventory(["Sources/Blob.swift": blob]).items
        XCTAssertEqual(items.count, 1)
        XCTAssertEqual(items.first?.identity.itemClass, .computed(expression: "kind"))
        XCTAssertEqual(items.first?.unresolved, ["kSecClass: `kind`"])
    }

    func testAnItemsFindingsAreTheLintRunsAtItsOperations() throws {
        let legacy = """
            import Security
            func legacySave(_ data: Data) -> OSStatus {
                let status = SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "s", kSecAttrAccount: "a",
                                         kSecAttrSynchronizable: true, kSecAttrAccessible: kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                                         kSecValueData: data] as CFDictionary, nil)
                return status
            }
            """
        let item = try XCTUnwrap(try inventory(["Sources/Legacy.swift": legacy]).items.first)
        XCTAssertEqual(item.findings, ["sync-this-device-only"])
        XCTAssertEqual(item.synchronizable, .literal("true"))
        XCTAssertEqual(item.accessibility, .literal("kSecAttrAccessibleWhenUnlockedThisDeviceOnly"))
    }

    func testAWrappersItemNamesItsLibraryAndLeavesItsDefaultsUnguessed() throws {
        let wrapper = """
            import KeychainAccess
            let keychain = Keychain(service: "com.example.wrapped").synchronizable(true)  // the service's comment
            """
        let item = try XCTUnwrap(try inventory(["Sources/Wrapped.swift": wrapper]).items.first)
        XCTAssertEqual(item.library, "KeychainAccess")
        XCTAssertEqual(item.identity.service, .literal("com.example.wrapped"))
        XCTAssertEqual(item.operations.map(\.kind), [.configure])
        XCTAssertEqual(item.synchronizable, .literal("true"))
        XCTAssertEqual(item.accessibility, .computed(expression: "KeychainAccess's default"))
    }

    func testAccessibilityStrengthOrder() {
        XCTAssertLessThan(InventoryAccessibility.rank("kSecAttrAccessibleWhenUnlocked"), InventoryAccessibility.rank("kSecAttrAccessibleAfterFirstUnlock"))
        XCTAssertLessThan(InventoryAccessibility.rank("kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly"),
                          InventoryAccessibility.rank("kSecAttrAccessibleAfterFirstUnlock"))
        XCTAssertEqual(InventoryAccessibility.rank(nil), InventoryAccessibility.rank("kSecAttrAccessibleWhenUnlocked"))
    }
}
