import XCTest
import KeychainLintModel
import KeychainLintSyntax

/// Run-time branches recorded on entries: which pairs can meet on one path.
final class BranchPathTests: XCTestCase {
    /// The entries of the file's first use, by key.
    private func entries(_ code: String) -> [String: KeychainEntry] {
        let file = KeychainFile(source: SourceFile(path: "T.swift", text: code), platforms: .all)
        var out: [String: KeychainEntry] = [:]
        for entry in file.uses.first?.dictionary.entries ?? [] {
            out[entry.key.replacingOccurrences(of: "kSecAttr", with: "").replacingOccurrences(of: "kSec", with: "")] = entry
        }
        return out
    }

    func testIfElseChainArmsExcludeEachOther() {
        let e = entries("""
        func f(a: Bool, b: Bool) {
            var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
            if a { q[kSecAttrLabel as String] = "1" } else if b { q[kSecAttrComment as String] = "2" } else { q[kSecAttrService as String] = "3" }
            if b { q[kSecAttrAccount as String] = "4" }
            SecItemAdd(q as CFDictionary, nil)
        }
        """)
        let label = e["Label"]!.branch, comment = e["Comment"]!.branch, service = e["Service"]!.branch, account = e["Account"]!.branch
        XCTAssertTrue(label.excludes(comment))
        XCTAssertTrue(comment.excludes(service))
        XCTAssertTrue(label.excludes(service))
        XCTAssertFalse(label.excludes(account), "two separate ifs can both run")
        XCTAssertTrue(e["Class"]!.branch.arms.isEmpty)
    }

    func testSwitchCasesExcludeEachOtherButNestedIfCaseIsNotALabel() {
        let e = entries("""
        func f(k: Int, o: Int?) {
            var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
            switch k {
            case 0:
                q[kSecAttrLabel as String] = "1"
                if case .some = o { q[kSecAttrGeneric as String] = "g" }
                q[kSecAttrComment as String] = "2"
            default:
                q[kSecAttrService as String] = "3"
            }
            SecItemAdd(q as CFDictionary, nil)
        }
        """)
        XCTAssertFalse(e["Label"]!.branch.excludes(e["Comment"]!.branch), "one case, before and after an `if case`")
        XCTAssertTrue(e["Label"]!.branch.excludes(e["Service"]!.branch))
        XCTAssertTrue(e["Comment"]!.branch.excludes(e["Service"]!.branch))
    }

    func testGuardElseAndLoopsAreNotArms() {
        let e = entries("""
        func f(x: Int?) {
            var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
            guard let y = x else { q[kSecAttrLabel as String] = "1"; return }
            for _ in 0..<y { q[kSecAttrComment as String] = "2" }
            SecItemAdd(q as CFDictionary, nil)
        }
        """)
        XCTAssertTrue(e["Label"]!.branch.arms.isEmpty)
        XCTAssertTrue(e["Comment"]!.branch.arms.isEmpty)
    }

    func testDominance() {
        let file = KeychainFile(source: SourceFile(path: "T.swift", text: """
        func f(a: Bool) {
            var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
            if a {
                q[kSecAttrSynchronizable as String] = true
                SecItemAdd(q as CFDictionary, nil)
            }
            SecItemAdd(q as CFDictionary, nil)
        }
        """), platforms: .all)
        let sync = { (use: KeychainUse) in use.dictionary.first("kSecAttrSynchronizable")!.branch }
        XCTAssertEqual(file.uses.count, 2)
        XCTAssertTrue(sync(file.uses[0]).dominates(file.uses[0].call!.branch), "inside the if, the entry is always set")
        XCTAssertFalse(sync(file.uses[1]).dominates(file.uses[1].call!.branch), "after the if, only sometimes")
    }
}
