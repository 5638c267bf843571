import XCTest
import KeychainLint
import KeychainLintRules

/// The fix engine: applying edits, refusing overlaps, and the places the rules' fixes write to or
/// stay away from (more in each rule's `RuleFix` examples).
final class FixEngineTests: XCTestCase {
    private func edit(_ range: Range<Int>, _ text: String) -> TextEdit { TextEdit(range: range, replacement: text) }

    func testEditsApplyInOneFixAndOverlapsAreRefused() throws {
        let text = Array("abcdef".utf8)
        let fix = Fix("two", edits: [edit(4..<5, "E"), edit(0..<1, "A"), edit(3..<3, "+")])
        XCTAssertEqual(String(decoding: try fix.apply(to: text), as: UTF8.self), "Abc+dEf")
        XCTAssertThrowsError(try Fix("x", edits: [edit(1..<3, "X"), edit(2..<4, "Y")]).apply(to: text)) {
            XCTAssertEqual($0 as? Fix.ApplyError, .overlappingEdits)
        }
        XCTAssertThrowsError(try Fix("x", edits: [edit(2..<2, "X"), edit(2..<2, "Y")]).apply(to: text), "two insertions at one point")
        XCTAssertThrowsError(try Fix("x", edits: [edit(1..<3, "X"), edit(2..<2, "Y")]).apply(to: text), "an insertion inside a replacement")
        XCTAssertThrowsError(try Fix("x", edits: [edit(5..<9, "X")]).apply(to: text)) { XCTAssertEqual($0 as? Fix.ApplyError, .outOfRange) }
        XCTAssertEqual(String(decoding: try Fix("x", edits: [edit(1..<2, "B"), edit(2..<3, "C")]).apply(to: text), as: UTF8.self),
                       "aBCdef", "touching ranges do not overlap")
    }

    func testApplyAllTakesFixesInOrderSkipsConflictsAndAppliesEqualFixesOnce() {
        let text = Array("abcdef".utf8)
        let first = Fix("1", edits: [edit(1..<3, "X")])
        let clash = Fix("2", edits: [edit(2..<4, "Y")])
        let later = Fix("3", edits: [edit(5..<5, "!")])
        let (bytes, applied) = Fix.applyAll([later, clash, first, first], to: text)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "aXde!f")
        XCTAssertEqual(applied, [0, 2, 3])
    }

    /// `text` after the rule's fixes, as `--fix` makes them (rounds until none applies); nil when none is offered.
    private func fixed(_ text: String, _ rule: String) -> String? {
        let type = RuleRegistry.rule(id: rule)!
        let linter = Linter(rules: [ActiveRule(rule: type.init(), severity: .warning)])
        var bytes = Array(text.utf8)
        for _ in 0..<10 {
            let fixes = linter.lint(path: "A.swift", bytes: bytes, platforms: .all).compactMap(\.fix)
            if fixes.isEmpty { break }
            bytes = Fix.applyAll(fixes, to: bytes).bytes
        }
        let result = String(decoding: bytes, as: UTF8.self)
        return result == text ? nil : result
    }

    private let dataProtection = "missing-data-protection-keychain"

    func testTheNewEntryFollowsACommentAndKeepsTheCommaStyle() {
        let before = "func f() {\n    SecItemDelete([\n        kSecClass: kSecClassGenericPassword,\n        kSecAttrService: \"s\" // why\n    ] as CFDictionary)\n}\n"
        XCTAssertEqual(fixed(before, dataProtection),
                       "func f() {\n    SecItemDelete([\n        kSecClass: kSecClassGenericPassword,\n        kSecAttrService: \"s\", // why\n        kSecUseDataProtectionKeychain: true\n    ] as CFDictionary)\n}\n")
        let block = before.replacingOccurrences(of: "// why", with: "/* why\n */")
        XCTAssertNil(fixed(block, dataProtection), "a line added after the entry would land in the comment")
    }

    func testACRLFFileGetsCRLFAndAOneEntryLiteralOnItsOwnLinesStaysSo() {
        let before = "func f() {\r\n    SecItemDelete([\r\n        kSecClass: kSecClassGenericPassword\r\n    ] as CFDictionary)\r\n}\r\n"
        XCTAssertEqual(fixed(before, dataProtection),
                       "func f() {\r\n    SecItemDelete([\r\n        kSecClass: kSecClassGenericPassword,\r\n        kSecUseDataProtectionKeychain: true\r\n    ] as CFDictionary)\r\n}\r\n")
    }

    func testNoFixWhereTheEditIsNotCertain() {
        let cases = [
            "mixed key spellings": "func f() { SecItemDelete([kSecClass: kSecClassGenericPassword, String(kSecAttrService): \"s\"] as CFDictionary) }\n",
            "a string key": "func f() { SecItemDelete([kSecClass as String: kSecClassGenericPassword, \"svce\": \"s\"] as CFDictionary) }\n",
            "assigned anew": "func f() {\n    var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword]\n    q = [kSecClass as String: kSecClassKey]\n    q[kSecAttrService as String] = \"s\"\n    SecItemDelete(q as CFDictionary)\n}\n",
            "merged": "func f(_ other: [String: Any]) {\n    var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword]\n    q.merge([kSecAttrService as String: \"s\"]) { a, _ in a }\n    SecItemDelete(q as CFDictionary)\n}\n",
            "a member": "struct S {\n    let q: [String: Any] = [kSecClass as String: kSecClassGenericPassword]\n    func f() { SecItemDelete(q as CFDictionary) }\n}\n",
            "a member used by a closure property": "struct S {\n    let q: [String: Any] = [kSecClass as String: kSecClassGenericPassword]\n    lazy var r: OSStatus = { SecItemDelete(q as CFDictionary) }()\n}\n",
            "an aliased call": "let remove = SecItemDelete\nfunc f() { remove([kSecClass: kSecClassGenericPassword] as CFDictionary) }\n",
        ]
        for (name, text) in cases {
            let reported = Linter(rules: [ActiveRule(rule: RuleRegistry.rule(id: dataProtection)!.init(), severity: .warning)])
                .lint(path: "A.swift", bytes: Array(text.utf8), platforms: .all)
            XCTAssertFalse(reported.isEmpty, "\(name): the case must be reported to mean anything")
            XCTAssertNil(fixed(text, dataProtection), name)
        }
    }

    func testAnEntryAddedInABranchStillGetsTheFixInTheDeclaration() {
        let before = "func f() {\n    var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword]\n    if Bool.random() {\n        q[kSecAttrService as String] = \"s\"\n    }\n    SecItemDelete(q as CFDictionary)\n}\n"
        XCTAssertEqual(fixed(before, dataProtection), before.replacingOccurrences(
            of: "kSecClassGenericPassword]", with: "kSecClassGenericPassword, kSecUseDataProtectionKeychain as String: true]"))
    }

    func testAComparedOrMatchedAlwaysIsNotReplaced() {
        let deprecated = "deprecated-accessibility"
        XCTAssertNil(fixed("func f(_ a: CFString) -> Int {\n    switch a {\n    case kSecAttrAccessibleAlways: return 1\n    default: return 0\n    }\n}\n", deprecated))
        XCTAssertNil(fixed("import KeychainSwift\nfunc f(_ o: KeychainSwiftAccessOptions) -> Bool {\n    switch o {\n    case .accessibleAlways: return true\n    default: return o == .accessibleAlwaysThisDeviceOnly\n    }\n}\n", deprecated))
        XCTAssertEqual(fixed("import SimpleKeychain\nlet s = SimpleKeychain(service: \"s\", accessibility: .always)\n", deprecated),
                       "import SimpleKeychain\nlet s = SimpleKeychain(service: \"s\", accessibility: .afterFirstUnlock)\n")
    }

    func testFindingsAndFixEditsCarryUTF16Columns() throws {
        let text = "func f() {\n    /* é€😀 */ SecItemDelete([kSecClass: kSecClassGenericPassword] as CFDictionary)\n}\n"
        let finding = try XCTUnwrap(Linter(rules: [ActiveRule(rule: RuleRegistry.rule(id: dataProtection)!.init(), severity: .warning)])
            .lint(path: "A.swift", bytes: Array(text.utf8), platforms: .all).first)
        // `    /* é€😀 */ SecItemDelete(` then `[`: 4 + 3 + (2 + 3 + 4) bytes + ...; é and € are one UTF-16 unit, 😀 two.
        let prefix = "    /* é€😀 */ SecItemDelete("
        XCTAssertEqual(finding.column, prefix.utf8.count + 1)
        XCTAssertEqual(finding.utf16Column, prefix.utf16.count + 1)
        let insert = try XCTUnwrap(finding.fix?.edits.first)
        let before = "    /* é€😀 */ SecItemDelete([kSecClass: kSecClassGenericPassword"
        XCTAssertEqual(insert.start, SourcePosition(line: 2, column: before.utf8.count + 1, utf16Column: before.utf16.count + 1))
        XCTAssertEqual(insert.end, insert.start)
    }
}
