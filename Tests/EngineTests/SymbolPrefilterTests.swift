import XCTest
@testable import KeychainLint

/// A file the rules' prefilter dropped is still read when it may declare symbols; the test for that
/// leaves out the needles the rules' prefilter already ruled out, and must not lose any other.
final class SymbolPrefilterTests: XCTestCase {
    private func matches(_ text: String, absent: [String]) -> Bool {
        SymbolPrefilter.declarationNeedles(absent: absent).matches(Array(text.utf8))
    }

    func testNeedlesThatContainAnAbsentLiteralAreLeftOut() {
        let texts = ["let x = kSecClass", "SecItemAdd(q, nil)", "SecKeyCreateRandomKey(a, nil)", "SecPKCS12Import(d, o, &i)",
                     "let kSe = Sec", "nothing here", ""]
        // With nothing known absent, every literal is searched for.
        XCTAssertEqual(texts.map { matches($0, absent: []) }, [true, true, true, true, false, false, false])
        XCTAssertEqual(texts.map { matches($0, absent: [""]) }, [true, true, true, true, false, false, false])
        // Bytes without "kSec": only the Security function names remain to be found.
        XCTAssertEqual(texts.dropFirst().map { matches($0, absent: ["kSec", "Keychain"]) }, [true, true, true, false, false, false])
        XCTAssertFalse(matches("let x = kSecClass", absent: ["kSec"]))
        // Bytes without "Sec": nothing can match.
        XCTAssertEqual(texts.map { matches($0, absent: ["Sec"]) }, Array(repeating: false, count: texts.count))
    }

    func testAFileWithOnlyASecurityCallIsStillRead() {
        let linter = Linter(rules: Linter.defaultRules)
        let call = linter.analyze(path: "a.swift", bytes: Array("func f(q: CFDictionary) { SecItemDelete(q) }\n".utf8), platforms: .all)
        XCTAssertTrue(call.wasTokenized)
        let none = linter.analyze(path: "b.swift", bytes: Array("func f() { print(1) }\n".utf8), platforms: .all)
        XCTAssertFalse(none.wasTokenized)
    }
}
