import XCTest
import KeychainLint
import KeychainLintModel

/// A helper's entries written where an optional parameter is there (`if key != nil`, `if let key`,
/// `if let key = key`, the `else` of `if key == nil`) hold at a call that passes a literal, and not
/// at one that passes `nil`: a dictionary assigned whole on such a branch carries the branch too.
final class PresenceBranchTests: XCTestCase {
    private let linter = Linter(rules: Linter.defaultRules)

    private func accessGroupUpdates(condition: String, then: String, otherwise: String = "", argument: String) -> Int {
        let text = """
        import Security
        let shared: [CFString: Any] = [kSecClass: kSecClassGenericPassword, kSecAttrAccessGroup: "ABCDE12345.com.example.shared"]
        func attributes(_ key: String?) -> [CFString: Any] {
            var attributes: [CFString: Any] = [:]
            if \(condition) {
                \(then)
            } else {
                \(otherwise)
            }
            attributes[kSecValueData] = Data()
            return attributes
        }
        func replace() {
            SecItemUpdate(shared as CFDictionary, attributes(\(argument)) as CFDictionary)
        }
        """
        return linter.lint(path: "a.swift", bytes: Array(text.utf8), platforms: .all).filter { $0.ruleID == "access-group-update" }.count
    }

    func testEachFormOfPresenceTestPicksItsSide() {
        let take = "attributes = shared"
        for (condition, then, otherwise) in [("key != nil", take, ""), ("let key", take + "; _ = key", ""),
                                             ("let key = key", take + "; _ = key", ""), ("key == nil", "", take)] {
            XCTAssertEqual(accessGroupUpdates(condition: condition, then: then, otherwise: otherwise, argument: "nil"), 0, condition)
            XCTAssertEqual(accessGroupUpdates(condition: condition, then: then, otherwise: otherwise, argument: "\"me\""), 1, condition)
        }
    }

    func testAnArgumentThatIsNoLiteralKeepsBothSides() {
        XCTAssertEqual(accessGroupUpdates(condition: "key != nil", then: "attributes = shared", argument: "ProcessInfo.processInfo.hostName"), 1)
    }
}
