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

    func testKeychainAccessChainStartsFromTheVariableInItsScope() {
        XCTAssertEqual(uses("""
        import KeychainAccess
        final class Device {
            let keychain = Keychain(service: "device").accessibility(.whenUnlockedThisDeviceOnly)
            func save(keychain: Keychain) throws { try keychain.synchronizable(true).set("v", key: "a") }
        }
        final class Synced {
            let keychain: Keychain
            init() { keychain = Keychain(service: "synced") }
            func save() throws { try keychain.synchronizable(true).set("v", key: "b") }
        }
        """), [
            "KeychainAccess: Class=GenericPassword@3:20, AttrService='device'@3:29, AttrAccessible=WhenUnlockedThisDeviceOnly@3:48",
            "KeychainAccess: AttrSynchronizable=true@4:57",
            "KeychainAccess: Class=GenericPassword@8:25, AttrService='synced'@8:34",
            "KeychainAccess: AttrSynchronizable=true@9:39",
        ], "a parameter and another type's property of the same name do not start from Device.keychain")
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

    func testKeychainSwiftStateBelongsToTheVariableInItsScope() {
        XCTAssertEqual(uses("""
        import KeychainSwift
        func a(_ pin: String) {
            let keychain = KeychainSwift()
            keychain.synchronizable = true
            keychain.set(pin, forKey: "a", withAccess: .accessibleWhenUnlockedThisDeviceOnly)
        }
        func b(_ pin: String) {
            let keychain = KeychainSwift()
            keychain.set(pin, forKey: "b", withAccess: .accessibleWhenUnlockedThisDeviceOnly)
        }
        func c(_ pin: String, keychain: KeychainSwift) {
            keychain.set(pin, forKey: "c", withAccess: .accessibleWhenUnlockedThisDeviceOnly)
        }
        """), [
            "KeychainSwift: AttrSynchronizable=true@4:14, AttrAccessible=WhenUnlockedThisDeviceOnly@5:36",
            "KeychainSwift: AttrAccessible=WhenUnlockedThisDeviceOnly@9:36",
            "KeychainSwift: AttrAccessible=WhenUnlockedThisDeviceOnly@12:36",
        ], "b()'s and c()'s keychain are not a()'s")
    }

    func testKeychainSwiftStoredPropertyKeepsItsStateAcrossMethods() {
        XCTAssertEqual(uses("""
        import KeychainSwift
        final class Vault {
            private let keychain: KeychainSwift
            private let cache = KeychainSwift()
            init() {
                keychain = KeychainSwift()
                keychain.synchronizable = true
                self.cache.synchronizable = true
            }
            func store(_ pin: String) {
                keychain.set(pin, forKey: "pin", withAccess: .accessibleWhenUnlockedThisDeviceOnly)
                cache.set(pin, forKey: "pin", withAccess: .accessibleWhenUnlockedThisDeviceOnly)
            }
            func local(_ pin: String) {
                let cache = KeychainSwift()
                cache.set(pin, forKey: "pin", withAccess: .accessibleWhenUnlockedThisDeviceOnly)
            }
        }
        final class Other {
            private let keychain: KeychainSwift = KeychainSwift()
            func store(_ pin: String) { keychain.set(pin, forKey: "pin", withAccess: .accessibleWhenUnlockedThisDeviceOnly) }
        }
        """), [
            "KeychainSwift: AttrSynchronizable=true@7:18, AttrAccessible=WhenUnlockedThisDeviceOnly@11:42",
            "KeychainSwift: AttrSynchronizable=true@8:20, AttrAccessible=WhenUnlockedThisDeviceOnly@12:39",
            "KeychainSwift: AttrAccessible=WhenUnlockedThisDeviceOnly@16:39",
            "KeychainSwift: AttrAccessible=WhenUnlockedThisDeviceOnly@21:66",
        ], "a property set in init counts in a method; a local that shadows it and another type's property do not")
    }

    func testKeychainSwiftOptionCountsWhereTheWrapperValueIsProduced() {
        XCTAssertEqual(uses("""
        import KeychainSwift
        enum AccessOptions { case accessibleAlways, whenUnlocked }
        extension AccessOptions {
            var keychainOption: KeychainSwiftAccessOptions {
                switch self {
                case .accessibleAlways: return .accessibleAlways
                case .whenUnlocked: return .accessibleWhenUnlocked
                }
            }
            var isLegacy: Bool { self == .accessibleAlways || .accessibleAlways != self }
            static let fallback: AccessOptions = .accessibleAlways
            static func from(_ o: KeychainSwiftAccessOptions) -> AccessOptions? {
                if case .accessibleAlways = o { return .accessibleAlways }
                switch o { case .accessibleWhenUnlocked, .accessibleAlways: return nil; default: return .whenUnlocked }
            }
        }
        func save(_ o: AccessOptions) {
            KeychainSwift().set("v", forKey: "k", withAccess: .accessibleAlways)
            record(o, as: .accessibleAlways)
            let raw = KeychainSwiftAccessOptions.accessibleAlwaysThisDeviceOnly
            let other = AccessOptions.accessibleAlways
        }
        """), [
            "KeychainSwift: AttrAccessible=Always@18:43",
            "KeychainSwift: AttrAccessible=Always@6:41",
            "KeychainSwift: AttrAccessible=Always@18:56",
            "KeychainSwift: AttrAccessible=AlwaysThisDeviceOnly@20:42",
        ], "patterns, comparisons and the app's own enum are not the wrapper's option")
    }

    func testKeychainSwiftOptionInsideExpressionsTakesTheirType() {
        XCTAssertEqual(uses("""
        import KeychainSwift
        enum Opt { case accessibleAlways, other }
        extension Opt {
            var option: KeychainSwiftAccessOptions {
                switch self {
                case .accessibleAlways: .accessibleAlways
                case .other: .accessibleWhenUnlocked
                }
            }
            var back: Opt { get { .accessibleAlways } }
            func pick(_ f: Bool) -> KeychainSwiftAccessOptions { return f ? .accessibleWhenUnlocked : .accessibleAlways }
            func pick(_ f: Bool) -> Opt { return f ? .accessibleAlways : .other }
            func stored(_ o: KeychainSwiftAccessOptions?) -> KeychainSwiftAccessOptions { o ?? .accessibleAlwaysThisDeviceOnly }
        }
        """), [
            "KeychainSwift: AttrAccessible=Always@6:34",
            "KeychainSwift: AttrAccessible=Always@11:96",
            "KeychainSwift: AttrAccessible=AlwaysThisDeviceOnly@13:89",
        ], "a switch expression's arm, a ternary's branch and ?? take the type of the whole expression")
    }

    func testKeychainSwiftOptionWithoutAnEnumOfTheAppIsTheWrappers() {
        XCTAssertEqual(uses("""
        import KeychainSwift
        let options: [KeychainSwiftAccessOptions] = [.accessibleAlways]
        func access() -> KeychainSwiftAccessOptions { .accessibleAlwaysThisDeviceOnly }
        func legacy(_ o: KeychainSwiftAccessOptions) -> Bool {
            switch o { case .accessibleAlways, .accessibleAlwaysThisDeviceOnly: return true; default: return o == .accessibleAlways }
        }
        func save(access: KeychainSwiftAccessOptions = .accessibleAlways) { record(.accessibleAlways) }
        """), [
            "KeychainSwift: AttrAccessible=Always@2:47",
            "KeychainSwift: AttrAccessible=AlwaysThisDeviceOnly@3:48",
            "KeychainSwift: AttrAccessible=Always@7:49",
            "KeychainSwift: AttrAccessible=Always@7:77",
        ], "a pattern or comparison reads an option and sets none")
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
