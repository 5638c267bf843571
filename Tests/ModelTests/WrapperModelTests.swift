import XCTest
import KeychainLintModel
import KeychainLintSyntax

/// Wrapper-library calls read back into SecItem entries, idiom by idiom.
final class WrapperModelTests: XCTestCase {
    /// Each use as `Library: key=value@line:column, …` (the position is the key's).
    private func uses(_ code: String) -> [String] {
        let source = SourceFile(path: "T.swift", text: code)
        let file = KeychainFile(source: source, platforms: .all)
        return file.wrapperUses.map { use in
            use.library.module + ": " + use.entries.map { entry in
                let at = source.location(of: entry.keyOffset)
                return "\(entry.key.dropFirst(4))=\(Self.render(entry.value))@\(at.line):\(at.column)"
            }.joined(separator: ", ")
        }
    }

    private static func render(_ value: KeychainValue) -> String {
        switch value {
        case .symbol(let s): return s.replacingOccurrences(of: "kSecAttrAccessible", with: "").replacingOccurrences(of: "kSecClass", with: "")
        case .string(let s): return s.known.map { "'\($0)'" } ?? "'\(s.knownPrefix)…'"
        case .bool(let b): return String(b)
        default: return "?"
        }
    }

    func testNothingIsReadWithoutTheImport() {
        XCTAssertEqual(uses("let k = Keychain(service: \"a\").synchronizable(true)\n"), [])
        XCTAssertEqual(uses("import KeychainAccessKit\nlet k = Keychain(service: \"a\")\n"), [])
    }

    func testImportForms() {
        for header in ["import KeychainAccess", "@testable import KeychainAccess", "import struct KeychainAccess.Keychain",
                       "#if canImport(KeychainAccess)\nimport KeychainAccess\n#endif"] {
            XCTAssertEqual(uses(header + "\nlet k = Keychain(service: \"a\")\n").count, 1, header)
        }
    }

    func testKeychainAccessChainOnAVariableStartsFromItsInitializer() {
        XCTAssertEqual(uses("""
        import KeychainAccess
        let group = "ABCDE12345.shared"
        struct S {
            let base = Keychain(service: "svc", accessGroup: group).accessibility(.whenUnlockedThisDeviceOnly)
            var synced: Keychain { base }
            func f() throws { try self.base.label("x").synchronizable(true).set("v", key: "k") }
        }
        """), [
            "KeychainAccess: Class=GenericPassword@4:16, AttrService='svc'@4:25, AttrAccessGroup='ABCDE12345.shared'@4:41, AttrAccessible=WhenUnlockedThisDeviceOnly@4:61",
            "KeychainAccess: Class=GenericPassword@4:16, AttrService='svc'@4:25, AttrAccessGroup='ABCDE12345.shared'@4:41, AttrAccessible=WhenUnlockedThisDeviceOnly@4:61, AttrSynchronizable=true@6:48",
        ])
    }

    func testKeychainAccessLaterModifierWinsAndServerIsAnInternetPassword() {
        XCTAssertEqual(uses("""
        import KeychainAccess
        let a = Keychain(server: URL(string: "https://example.com")!, protocolType: .https)
        let b = Keychain().synchronizable(true).synchronizable(false)
        """), [
            "KeychainAccess: Class=InternetPassword@2:9, AttrServer=?@2:18",
            "KeychainAccess: Class=GenericPassword@3:9, AttrSynchronizable=false@3:41",
        ])
    }

    func testKeychainSwiftSynchronizableFollowsTheFunction() {
        XCTAssertEqual(uses("""
        import KeychainSwift
        let shared = KeychainSwift()
        let other = KeychainSwift()
        func setUp() { shared.synchronizable = true; other.synchronizable = true }
        func a() { shared.set("v", forKey: "a", withAccess: .accessibleWhenUnlockedThisDeviceOnly) }
        func b() {
            shared.synchronizable = false
            shared.set("v", forKey: "b", withAccess: .accessibleAfterFirstUnlockThisDeviceOnly)
        }
        func c() { other.set("v", forKey: "c", withAccess: .accessibleWhenUnlocked) }
        """), [
            "KeychainSwift: AttrAccessible=WhenUnlockedThisDeviceOnly@5:41",
            "KeychainSwift: AttrSynchronizable=false@7:12, AttrAccessible=AfterFirstUnlockThisDeviceOnly@8:34",
            "KeychainSwift: AttrSynchronizable=true@4:52, AttrAccessible=WhenUnlocked@10:40",
        ], "in a(), setUp() and b() disagree, so the state is unknown; in c(), setUp() alone decides")
    }

    func testSwiftKeychainWrapperSubscriptAndConstructor() {
        XCTAssertEqual(uses("""
        import SwiftKeychainWrapper
        let w = KeychainWrapper(serviceName: "svc", accessGroup: "g")
        let v = KeychainWrapper.standard[.token, withAccessibility: .afterFirstUnlock, isSynchronizable: true]
        """), [
            "SwiftKeychainWrapper: Class=GenericPassword@2:9, AttrService='svc'@2:25, AttrAccessGroup='g'@2:45",
            "SwiftKeychainWrapper: AttrAccessible=AfterFirstUnlock@3:42, AttrSynchronizable=true@3:80",
        ])
    }

    func testSimpleKeychainBothSynchronizableSpellings() {
        XCTAssertEqual(uses("""
        import SimpleKeychain
        let a = SimpleKeychain(service: "svc", isSynchronizable: true)
        let b = A0SimpleKeychain(service: "old", accessGroup: "g")
        """), [
            "SimpleKeychain: Class=GenericPassword@2:9, AttrService='svc'@2:24, AttrSynchronizable=true@2:40",
            "SimpleKeychain: Class=GenericPassword@3:9, AttrService='old'@3:26, AttrAccessGroup='g'@3:42",
        ])
    }
}
