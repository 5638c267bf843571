import Foundation
import XCTest

/// `--write-baseline` and `--baseline`: today's findings hidden, new ones reported, whatever moved.
final class BaselineTests: XCTestCase {
    private var project: TempProject!

    override func setUpWithError() throws {
        project = try TempProject("baseline")
        project.write("Sources/A.swift", Mistake.file([Mistake.identityAdd(), "    let x = 1"]))
        project.write("Sources/B.swift", Mistake.file([Mistake.identityAdd("other")]))
    }

    override func tearDown() { project = nil }

    func testWriteThenEditAboveThenOnlyNewFindings() throws {
        let written = project.run(["--write-baseline", "baseline.json", "Sources"])
        XCTAssertEqual(written.code, 0, written.err)
        XCTAssertEqual(written.out, "", "recording reports nothing")
        XCTAssertTrue(written.err.hasSuffix("wrote 2 findings to the baseline baseline.json\n"), written.err)
        XCTAssertEqual(project.run(["Sources"]).code, 1, "without the baseline the findings are there")

        // Lines inserted above, the offending line re-indented: still hidden.
        project.write("Sources/A.swift", "// a new header\n\n" + Mistake.file(["    // comment", "  " + Mistake.identityAdd() + "   ", "    let x = 1"]))
        let quiet = project.run(["--baseline", "baseline.json", "Sources"])
        XCTAssertEqual(quiet.code, 0, quiet.out)
        XCTAssertEqual(quiet.out, "")
        XCTAssertTrue(quiet.err.contains("0 errors, 0 warnings in ") && quiet.err.hasSuffix("; 2 findings hidden by the baseline\n"), quiet.err)

        // A new mistake is reported, and only it, in every format.
        project.write("Sources/A.swift", Mistake.file([Mistake.identityAdd(), "    let x = 1", Mistake.identityAdd("other")]))
        let fresh = project.run(["--baseline", "baseline.json", "Sources"])
        XCTAssertEqual(fresh.code, 1)
        XCTAssertEqual(fresh.findings, ["Sources/A.swift:4 identity-add"])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(project.run(["--baseline", "baseline.json", "--format", "json", "Sources"]).out.utf8)) as? [String: Any])
        XCTAssertEqual((json["findings"] as? [[String: Any]])?.map { $0["line"] as? Int }, [4])
    }

    func testIdenticalLinesAreCountedAsAMultiset() {
        let line = Mistake.identityAdd()
        project.write("Sources/A.swift", Mistake.file([line, line]))
        XCTAssertEqual(project.run(["--write-baseline", "baseline.json", "Sources"]).code, 0)
        XCTAssertTrue(project.read("baseline.json")!.contains("\"count\": 2,\n      \"file\": \"Sources/A.swift\""), project.read("baseline.json")!)

        project.write("Sources/A.swift", Mistake.file([line, "", line, line]))
        XCTAssertEqual(project.run(["--baseline", "baseline.json", "Sources"]).findings, ["Sources/A.swift:5 identity-add"],
                       "a third copy is new; the first two in output order are hidden")
        project.write("Sources/A.swift", Mistake.file([line]))
        XCTAssertEqual(project.run(["--baseline", "baseline.json", "Sources"]).findings, [])
        // The same line in another file is a different entry.
        project.write("Sources/C.swift", Mistake.file([line]))
        XCTAssertEqual(project.run(["--baseline", "baseline.json", "Sources"]).findings, ["Sources/C.swift:2 identity-add"])
    }

    func testFileIsPrettySortedStableAndRelativeToItsFolder() throws {
        project.write("Sources/A.swift", Mistake.file([Mistake.identityAdd(), "    if SecItemAdd([kSecClass: kSecClassIdentity,\tkSecValueRef:   identity] as CFDictionary, nil) == errSecDuplicateItem {}"]))
        XCTAssertEqual(project.run(["--write-baseline", "ci/baseline.json", "."], in: "").code, 2, "the folder must exist")
        XCTAssertNil(project.read("ci/baseline.json"))
        try FileManager.default.createDirectory(atPath: project.root + "/ci", withIntermediateDirectories: true)
        XCTAssertEqual(project.run(["--write-baseline", "ci/baseline.json", "."]).code, 0)
        let text = try XCTUnwrap(project.read("ci/baseline.json"))
        XCTAssertEqual(text, """
        {
          "findings": [
            {
              "count": 1,
              "file": "../Sources/A.swift",
              "rule": "identity-add",
              "text": "if SecItemAdd([kSecClass: kSecClassIdentity, kSecValueRef: identity, kSecUseDataProtectionKeychain: true] as CFDictionary, nil) == errSecDuplicateItem {}"
            },
            {
              "count": 1,
              "file": "../Sources/A.swift",
              "rule": "identity-add",
              "text": "if SecItemAdd([kSecClass: kSecClassIdentity, kSecValueRef: identity] as CFDictionary, nil) == errSecDuplicateItem {}"
            },
            {
              "count": 1,
              "file": "../Sources/A.swift",
              "rule": "missing-data-protection-keychain",
              "text": "if SecItemAdd([kSecClass: kSecClassIdentity, kSecValueRef: identity] as CFDictionary, nil) == errSecDuplicateItem {}"
            },
            {
              "count": 1,
              "file": "../Sources/B.swift",
              "rule": "identity-add",
              "text": "if SecItemAdd([kSecClass: kSecClassIdentity, kSecValueRef: other, kSecUseDataProtectionKeychain: true] as CFDictionary, nil) == errSecDuplicateItem {}"
            }
          ],
          "version": 1
        }

        """)
        // Rewriting from another working directory, with other path spellings, changes nothing.
        XCTAssertEqual(project.run(["--write-baseline", "../ci/baseline.json", "../Sources/A.swift", "B.swift"], in: "Sources").code, 0)
        XCTAssertEqual(project.read("ci/baseline.json"), text)
        XCTAssertEqual(project.run(["--baseline", "ci/baseline.json", "./Sources"]).findings, [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: project.root + "/ci"), ["baseline.json"], "no temporary file left")
    }

    func testSuppressedFindingsAreNotRecorded() {
        project.write("Sources/A.swift", Mistake.file(["    // keychain-lint:disable:next identity-add - tested elsewhere", Mistake.identityAdd()]))
        XCTAssertEqual(project.run(["--write-baseline", "b.json", "Sources/A.swift"]).code, 0)
        XCTAssertFalse(project.read("b.json")!.contains("identity-add"))
    }

    func testConfigurationNamesTheBaselineAndTheFlagOverridesIt() {
        XCTAssertEqual(project.run(["--write-baseline", "ci/../all.json", "Sources"]).code, 0)
        project.write("empty.json", "{\"findings\": [], \"version\": 1}")
        project.write(".keychain-lint.json", #"{"baseline": "all.json"}"#)
        XCTAssertEqual(project.run(["Sources"]).findings, [])
        XCTAssertEqual(project.run(["."], in: "Sources").findings, [], "the path is relative to the configuration's folder")
        XCTAssertEqual(project.run(["--baseline", "empty.json", "Sources"]).findings.count, 2)
    }

    func testWriteBaselineWithAMissingPathWritesNothing() {
        let r = project.run(["--write-baseline", "b.json", "Sources", "Missing"])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.contains("baseline b.json not written"), r.err)
        XCTAssertNil(project.read("b.json"))
    }

    /// Every bad baseline: exit 2, nothing on stdout, the message names the file and the spot.
    func testBadBaselinesExitTwo() {
        let cases: [(String, String)] = [
            ("{\"findings\": [], \"version\": 2}", "b.json:1:29: unsupported baseline version (this keychain-lint reads version 1)"),
            ("{\"findings\": []}", "b.json:1:1: a baseline needs a 'version'"),
            ("{\"version\": 1}", "b.json:1:1: a baseline needs 'findings'"),
            ("{\"version\": 1, \"findings\": [\n  {\"count\": 1, \"file\": \"a\", \"rule\": \"r\"}]}", "b.json:2:3: a baseline entry needs count, file, rule and text"),
            ("{\"version\": 1, \"findings\": [{\"count\": 0, \"file\": \"a\", \"rule\": \"r\", \"text\": \"\"}]}", "b.json:1:39: 'count' must be a whole number of at least 1"),
            ("{\"version\": 1, \"findings\": [{\"count\": 1.5, \"file\": \"a\", \"rule\": \"r\", \"text\": \"\"}]}", "b.json:1:39: 'count' must be a whole number of at least 1"),
            ("{\"version\": 1, \"findings\": [{\"file\": 3}]}", "b.json:1:38: 'file' must be a string"),
            ("{\"version\": 1, \"findings\": [{\"line\": 3}]}", "b.json:1:30: unknown key 'line' in a baseline entry (expected count, file, rule, text)"),
            ("{\"version\": 1, \"extra\": 1, \"findings\": []}", "b.json:1:16: unknown key 'extra' in a baseline (expected findings, version)"),
            ("{\"version\": 1,\n \"findings\": [}", "b.json:2:15: malformed baseline: unexpected character, expected a value"),
            ("[]", "b.json:1:1: a baseline must be a JSON object, got an array"),
        ]
        for (text, message) in cases {
            project.write("b.json", text)
            let r = project.run(["--baseline", "b.json", "Sources"])
            XCTAssertEqual(r.code, 2, text)
            XCTAssertEqual(r.out, "", text)
            XCTAssertEqual(r.err, "keychain-lint: error: \(message)\n", text)
        }
        let missing = project.run(["--baseline", "none.json", "Sources"])
        XCTAssertEqual(missing.code, 2)
        XCTAssertEqual(missing.err, "keychain-lint: error: cannot read baseline none.json: no such file or directory\n")
    }
}
