import Foundation
import XCTest

/// SARIF counts columns in UTF-16 code units (`columnKind`) and carries each finding's fix as
/// `fixes` with replacements, which GitHub shows as suggested changes.
final class SARIFFixTests: XCTestCase {
    func testColumnsAreUTF16AndTheFixIsAReplacementAtThatPoint() throws {
        let project = try TempProject("sarif-fix")
        let prefix = "    /* é€😀 */ SecItemDelete("
        let line = prefix + "[kSecClass: kSecClassGenericPassword] as CFDictionary)"
        project.write("Sources/A.swift", "func wipe() {\n\(line)\n}\n")
        let run = project.run(["--format", "sarif", "--only", "missing-data-protection-keychain", "Sources"])
        let sarif = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        let runs = try XCTUnwrap(sarif["runs"] as? [[String: Any]])
        XCTAssertEqual(runs[0]["columnKind"] as? String, "utf16CodeUnits")
        let result = try XCTUnwrap((runs[0]["results"] as? [[String: Any]])?.first)
        let location = try XCTUnwrap((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        let region = try XCTUnwrap(location["region"] as? [String: Int])
        XCTAssertEqual(region["startColumn"], prefix.utf16.count + 1, "é and € are one unit each, 😀 two")
        XCTAssertNotEqual(prefix.utf16.count, prefix.utf8.count, "the line must tell the two counts apart")

        let fix = try XCTUnwrap((result["fixes"] as? [[String: Any]])?.first)
        XCTAssertEqual((fix["description"] as? [String: String])?["text"],
                       "Add kSecUseDataProtectionKeychain: true to the dictionary (unsafe: items stored earlier in the file-based keychain are no longer found)")
        XCTAssertEqual(fix["properties"] as? [String: String],
                       ["applicability": "unsafe", "storedItemsEffect": "items stored earlier in the file-based keychain are no longer found"])
        let change = try XCTUnwrap((fix["artifactChanges"] as? [[String: Any]])?.first)
        XCTAssertEqual((change["artifactLocation"] as? [String: String])?["uri"], "Sources/A.swift")
        let replacement = try XCTUnwrap((change["replacements"] as? [[String: Any]])?.first)
        let point = (prefix + "[kSecClass: kSecClassGenericPassword").utf16.count + 1
        XCTAssertEqual(replacement["deletedRegion"] as? [String: Int], ["startLine": 2, "startColumn": point, "endLine": 2, "endColumn": point])
        XCTAssertEqual((replacement["insertedContent"] as? [String: String])?["text"], ", kSecUseDataProtectionKeychain: true")
    }

    func testASafeFixIsMarkedSafeInSARIFAndJSON() throws {
        let project = try TempProject("sarif-safe")
        project.write("A.swift", "func f(_ d: Data) { SecItemAdd([kSecAttrAccessible: kSecAttrAccessibleAlways, kSecValueData: d] as CFDictionary, nil) }\n")
        let sarifRun = project.run(["--format", "sarif", "--only", "deprecated-accessibility", "A.swift"])
        let results = try XCTUnwrap(((JSONSerialization.jsonObject(with: Data(sarifRun.out.utf8)) as? [String: Any])?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let fix = try XCTUnwrap((results.first?["fixes"] as? [[String: Any]])?.first, sarifRun.out)
        XCTAssertEqual((fix["description"] as? [String: String])?["text"], "Replace kSecAttrAccessibleAlways with kSecAttrAccessibleAfterFirstUnlock")
        XCTAssertEqual(fix["properties"] as? [String: String], ["applicability": "safe"])

        let jsonRun = project.run(["--format", "json", "--only", "deprecated-accessibility", "A.swift"])
        let findings = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(jsonRun.out.utf8)) as? [String: Any])?["findings"] as? [[String: Any]])
        let jsonFix = try XCTUnwrap(findings.first?["fix"] as? [String: Any], jsonRun.out)
        XCTAssertEqual(jsonFix["applicability"] as? String, "safe")
        XCTAssertNil(jsonFix["storedItemsEffect"])
        let edit = try XCTUnwrap((jsonFix["edits"] as? [[String: Any]])?.first)
        XCTAssertEqual(edit["replacement"] as? String, "kSecAttrAccessibleAfterFirstUnlock")
        XCTAssertEqual(edit["start"] as? [String: Int], ["line": 1, "column": 53])
        XCTAssertEqual(edit["end"] as? [String: Int], ["line": 1, "column": 77])
    }

    func testAnUnsafeFixIsMarkedUnsafeInJSON() throws {
        let project = try TempProject("json-unsafe")
        project.write("A.swift", "func wipe() { SecItemDelete([kSecClass: kSecClassGenericPassword] as CFDictionary) }\n")
        let run = project.run(["--format", "json", "--only", "missing-data-protection-keychain", "A.swift"])
        let findings = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])?["findings"] as? [[String: Any]])
        let fix = try XCTUnwrap(findings.first?["fix"] as? [String: Any], run.out)
        XCTAssertEqual(fix["applicability"] as? String, "unsafe")
        XCTAssertEqual(fix["storedItemsEffect"] as? String, "items stored earlier in the file-based keychain are no longer found")
    }

    func testAFindingWithoutAFixHasNoFixes() throws {
        let project = try TempProject("sarif-nofix")
        project.write("A.swift", "let q = [kSecClass: kSecClassGenericPassword, kSecAttrAccessible: \"dk\"]\nfunc f() { SecItemAdd(q as CFDictionary, nil) }\n")
        let run = project.run(["--format", "sarif", "--only", "deprecated-accessibility", "A.swift"])
        let results = try XCTUnwrap(((JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 1, run.out)
        XCTAssertNil(results.first?["fixes"])
    }
}
