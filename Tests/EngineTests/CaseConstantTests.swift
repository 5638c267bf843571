import XCTest
import KeychainLint
import KeychainLintTestSupport

/// Keys spelled through an enum whose member maps each case to a Security constant
/// (`Keys.flag.value()`, `.flag.key`), in the same file or another; a member two files map
/// differently, a mapping with a case that is no constant, or a member that takes an argument
/// gives no key.
final class CaseConstantTests: XCTestCase {
    private func lint(_ files: [String: String]) throws -> [String] {
        try scratchProjectFindings("case-constants", platforms: ".macOS(.v13)", files: files, rule: "missing-data-protection-keychain")
    }

    private func keys(flag: String = "kSecUseDataProtectionKeychain") -> String {
        """
        import Security
        enum Keys {
            case itemClass, flag
            func value() -> String {
                switch self {
                case .itemClass: return kSecClass as String
                case .flag: return \(flag) as String
                }
            }
            var key: CFString {
                switch self {
                case .itemClass: kSecClass
                case .flag: \(flag)
                }
            }
        }
        """
    }

    private let store = """
    import Security
    func save() -> OSStatus {
        SecItemAdd([Keys.itemClass.value(): kSecClassGenericPassword, Keys.flag.value(): true] as CFDictionary, nil)
    }
    func read() -> OSStatus {
        let query: [CFString: Any] = [.itemClass.key as CFString: kSecClassGenericPassword, Keys.flag.key: true]
        return SecItemCopyMatching(query as CFDictionary, nil)
    }
    """

    func testAKeyThroughAnotherFilesEnumIsTheConstant() throws {
        XCTAssertEqual(try lint(["Keys.swift": keys(), "Store.swift": store]), [])
    }

    func testAKeyThroughThisFilesEnumIsTheConstant() throws {
        XCTAssertEqual(try lint(["Store.swift": keys() + "\n" + store]), [])
    }

    func testAMappingToAnotherConstantLeavesTheFlagMissing() throws {
        XCTAssertEqual(try lint(["Keys.swift": keys(flag: "kSecAttrLabel"), "Store.swift": store]), ["Store.swift:3", "Store.swift:7"])
    }

    func testTwoFilesThatMapACaseDifferentlyGiveNoKey() throws {
        // Each file's own `Keys` decides for it; a third file cannot tell which one it reads.
        let other = keys(flag: "kSecAttrLabel").replacingOccurrences(of: "enum Keys", with: "extension Never {}\nenum Keys")
        XCTAssertEqual(try lint(["Keys.swift": keys(), "OtherKeys.swift": other, "Store.swift": store]), ["Store.swift:3", "Store.swift:7"])
    }
}
