import Foundation
import XCTest
import KeychainLint
import KeychainLintFuzzChecks
import KeychainLintModel
import KeychainLintProject
import KeychainLintSyntax

/// Hostile files through the whole pipeline (tokenizer, model, every rule): no crash, every
/// invariant kept, and linear work. Work is `CodeView.work`, the tokens the file's scans visit,
/// not wall time: each input is linted at size n and 2n, and doubling it must not much more than
/// double the work (a quadratic scan would quadruple it).
final class HostileInputTests: XCTestCase {
    private let linter = PipelineInvariants.linter

    /// Lints `bytes` with every rule and returns the work done.
    private func work(_ bytes: [UInt8]) -> Int {
        let model = FileModel(source: SourceFile(path: "Hostile.swift", bytes: bytes), platforms: .all)
        let findings = linter.lint(model)
        XCTAssertEqual(PipelineInvariants.locations(findings, in: bytes, what: "hostile"), [])
        return model.file.code.work
    }

    private func assertLinear(_ name: String, _ make: (Int) -> [UInt8], n: Int,
                              file: StaticString = #filePath, line: UInt = #line) {
        let small = make(n), large = make(2 * n)
        XCTAssertEqual(PipelineInvariants.tokenCoverage(large, Tokenizer.tokenize(large)), [], name, file: file, line: line)
        let w1 = work(small), w2 = work(large)
        XCTAssertGreaterThan(w1, 0, name, file: file, line: line)
        XCTAssertLessThanOrEqual(Double(w2), 2.5 * Double(w1), "\(name): work \(w1) at n, \(w2) at 2n", file: file, line: line)
    }

    private func repeated(_ s: String, _ n: Int) -> String { String(repeating: s, count: n) }
    private func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    func testNestedBracketsAndParentheses() {
        // 200,000 deep at 2n.
        assertLinear("brackets", { self.bytes(self.repeated("[", $0) + self.repeated("]", $0)) }, n: 100_000)
        assertLinear("parentheses", { self.bytes(self.repeated("(", $0)) }, n: 100_000)
        assertLinear("braces", { self.bytes("func f() " + self.repeated("{", $0)) }, n: 100_000)
        assertLinear("keyed literals", { self.bytes("let q = " + self.repeated("[kSecClass: ", $0) + "1" + self.repeated("]", $0)) }, n: 2_000)
    }

    func testConstructsLeftOpenAtTheEndOfTheFile() {
        let body = { (n: Int) in self.repeated("let q = [kSecClass: kSecClassGenericPassword]\n", n) }
        let endings = [
            "string": "let s = \"abc",
            "multi-line string": "let s = \"\"\"\nline\n",
            "raw string": "let s = #\"raw",
            "raw multi-line string": "let s = ##\"\"\"\n",
            "block comment": "/* open /* nested",
            "interpolation": "let s = \"\\(kSecClass",
            "nested interpolation": "let s = \"\\(\"\\(\"\\(",
        ]
        for (name, ending) in endings.sorted(by: { $0.key < $1.key }) {
            assertLinear(name, { self.bytes(body($0) + ending) }, n: 1_000)
            assertLinear(name + " repeated", { self.bytes(self.repeated(ending + "\n", $0)) }, n: 2_000)
        }
    }

    func testRandomBytes() {
        // 2 MB at 2n, from a fixed-seed generator so a failure reproduces.
        func random(_ count: Int) -> [UInt8] {
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            return (0..<count).map { _ in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return UInt8(truncatingIfNeeded: state >> 56)
            }
        }
        assertLinear("random bytes", random, n: 1 << 20)
    }

    func testNULBytesAndABOMWithCRLF() {
        assertLinear("NUL bytes", { self.bytes(self.repeated("let q = [kSecClass: \0kSecClassGenericPassword]\0\n", $0)) }, n: 2_000)
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        assertLinear("BOM and CRLF", { bom + self.bytes(self.repeated("SecItemAdd([kSecClass: kSecClassGenericPassword] as CFDictionary, nil)\r\n", $0)) }, n: 2_000)
    }

    func testOneLongLine() {
        // One 10 MB line: a string literal, then tokens (the tokenizer's own test covers the bytes).
        let literal = bytes("let s = \"" + repeated("a", 10 << 20) + "\"")
        XCTAssertEqual(PipelineInvariants.tokenCoverage(literal, Tokenizer.tokenize(literal)), [])
        _ = work(literal)
        assertLinear("long line of tokens", { self.bytes(self.repeated("kSecAttrService, x + 1; ", $0)) }, n: 20_000)
    }

    func testFiftyThousandDictionariesInOneFile() {
        let dictionary = { (i: Int) in
            "let q\(i): [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: \"s\"]\nSecItemAdd(q\(i) as CFDictionary, nil)\n"
        }
        assertLinear("dictionaries", { n in self.bytes((0..<n).map(dictionary).joined()) }, n: 25_000)
    }

    func testAddsAfterLookupsAndDeletesWithThrownStatusesInOneLongFunction() {
        // Each add asks about the lookups, deletes and throws before and after it in its function.
        let statements = { (i: Int) in
            "let f\(i) = SecItemCopyMatching([kSecClass: kSecClassKey] as CFDictionary, nil)\n"
                + "if f\(i) == errSecItemNotFound { SecItemAdd([kSecClass: kSecClassGenericPassword] as CFDictionary, nil) }\n"
                + "SecItemDelete([kSecClass: kSecClassKey] as CFDictionary)\n"
                + "let s\(i) = SecItemAdd([kSecClass: kSecClassGenericPassword] as CFDictionary, nil)\n"
                + "switch s\(i) { case errSecSuccess: break; case let e: throw E(status: e) }\n"
        }
        assertLinear("lookups, deletes and throws", { n in
            self.bytes("func f() throws {\n" + (0..<n).map(statements).joined() + "}\n")
        }, n: 4_000)
    }

    func testKeychainSwiftReceiversAndOptionsInOneLongFunctionAndDeepBlocks() {
        // Each write looks for its instance's settings and each option for where it is produced.
        let statements = """
          keychain.synchronizable = true
          keychain.set(v, forKey: "k", withAccess: .accessibleAlwaysThisDeviceOnly)
          if o == .accessibleAlways { x = .accessibleAlways }
          switch o { case .accessibleAlways: return .accessibleAlways; default: break }

        """
        assertLinear("one long function", { n in
            self.bytes("import KeychainSwift\nfunc f(keychain: KeychainSwift) -> KeychainSwiftAccessOptions {\n" + self.repeated(statements, n) + "}\n")
        }, n: 1_000)
        assertLinear("deep blocks", { n in
            self.bytes("import KeychainSwift\nfunc f() -> KeychainSwiftAccessOptions {\n" + self.repeated("if c {\n" + statements, n) + self.repeated("}\n", n + 1))
        }, n: 500)
    }

    func testAFileDeletedBetweenDiscoveryAndReadingIsSkippedAndTheRestLinted() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kl-hostile-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        for name in ["A", "Gone", "Z"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: root + "/\(name).swift", contents: Data("let x = kSecAttrAccessibleAlways\n".utf8)))
        }
        let (targets, problems) = FileDiscovery(workingDirectory: root).discover(["."])
        XCTAssertEqual(problems, [])
        XCTAssertEqual(targets.map(\.path), ["./A.swift", "./Gone.swift", "./Z.swift"])
        try FileManager.default.removeItem(atPath: root + "/Gone.swift")
        let outcomes = ProjectAnalysis.lintAll(targets, linter: Linter(rules: Linter.defaultRules), platforms: .all, parallel: true)
        var linted: [String] = [], skipped: [String] = []
        for outcome in outcomes {
            switch outcome {
            case .linted(let findings, _): linted += findings.map(\.path)
            case .unreadable(let reason): skipped.append(reason)
            case .failed(let message): XCTFail(message)
            case .entitlements: XCTFail("no entitlements file here")
            }
        }
        XCTAssertEqual(linted, ["./A.swift", "./Z.swift"])
        XCTAssertEqual(skipped, ["no such file or directory"])
    }
}
