import Foundation
import XCTest
@testable import KeychainLintCLI
import KeychainLintProject

/// `.keychain-lint.json` through the CLI: discovery, precedence, include/exclude, and errors.
final class ConfigurationTests: XCTestCase {
    private var project: TempProject!

    override func setUpWithError() throws {
        project = try TempProject("config")
        project.write("App/Sources/A.swift", Mistake.file([Mistake.identityAdd()]))
    }

    override func tearDown() { project = nil }

    // MARK: severity and precedence

    func testFoundByWalkingUpAndSeverityChangesEveryFormat() throws {
        project.write(".keychain-lint.json", #"{"rules": {"identity-add": "warning"}}"#)
        let xcode = project.run(["."], in: "App/Sources")
        XCTAssertEqual(xcode.out, "./A.swift:2:20: warning: " + xcode.out.components(separatedBy: "warning: ").dropFirst().joined())
        XCTAssertEqual(xcode.code, 0, "a warning does not fail the run")
        XCTAssertTrue(xcode.err.contains("0 errors, 1 warning"), xcode.err)

        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(project.run(["--format", "json", "."], in: "App/Sources").out.utf8)) as? [String: Any])
        XCTAssertEqual((json["findings"] as? [[String: Any]])?.first?["severity"] as? String, "warning")
        let rule = (json["rules"] as? [[String: Any]])?.first { $0["id"] as? String == "identity-add" }
        XCTAssertEqual(rule?["severity"] as? String, "warning")
        XCTAssertEqual(rule?["defaultSeverity"] as? String, "error")

        let sarif = project.run(["--format", "sarif", "."], in: "App/Sources").out
        XCTAssertTrue(sarif.contains(#""ruleId":"identity-add","ruleIndex":1,"level":"warning""#), sarif)
        XCTAssertTrue(project.run(["--format", "github", "."], in: "App/Sources").out.hasPrefix("::warning file=./A.swift,line=2,col=20,title=identity-add::"))
        XCTAssertTrue(project.run(["--format", "checkstyle", "."], in: "App/Sources").out.contains(#"severity="warning""#))
        XCTAssertTrue(project.run(["--format", "summary", "."], in: "App/Sources").out.contains("identity-add  0       1"))
    }

    func testTheNearestFileWinsAndConfigNamesAnother() {
        project.write(".keychain-lint.json", #"{"rules": {"identity-add": "off"}}"#)
        project.write("App/.keychain-lint.json", #"{"rules": {"identity-add": "warning"}}"#)
        project.write("other.json", "{}")
        XCTAssertEqual(project.run(["Sources"], in: "App").findings, ["Sources/A.swift:2 identity-add"])
        XCTAssertTrue(project.run(["Sources"], in: "App").out.contains(": warning: "))
        XCTAssertEqual(project.run(["App"]).findings, ["App/Sources/A.swift:2 identity-add"], "run from the root too, the nearest file decides")
        let named = project.run(["--config", "other.json", "App"])
        XCTAssertEqual(named.code, 1, "--config replaces discovery: default severity")
        XCTAssertEqual(named.findings, ["App/Sources/A.swift:2 identity-add"])
    }

    func testCommandLineOverridesTheFile() {
        project.write("App/Sources/Wipe.swift", "func w() { SecItemDelete([kSecClass: kSecClassGenericPassword, kSecUseDataProtectionKeychain: true] as CFDictionary) }\n")
        project.write(".keychain-lint.json", #"{"rules": {"identity-add": "off", "broad-delete": "error"}, "platforms": ["iOS"]}"#)
        XCTAssertEqual(project.run(["App"]).findings, ["App/Sources/Wipe.swift:1 broad-delete"], "an off-by-default rule on at error")
        XCTAssertEqual(project.run(["App"]).code, 1)
        XCTAssertEqual(project.run(["--enable", "identity-add", "App"]).findings, ["App/Sources/A.swift:2 identity-add", "App/Sources/Wipe.swift:1 broad-delete"])
        XCTAssertEqual(project.run(["--disable", "broad-delete", "App"]).findings, [])
        XCTAssertEqual(project.run(["--only", "identity-add", "App"]).findings, ["App/Sources/A.swift:2 identity-add"])
        XCTAssertTrue(project.run(["--only", "broad-delete", "App"]).out.contains(": error: "), "--only keeps the file's severity")

        // `platforms: [iOS]` rules out macOS; `--platform macos` puts it back.
        project.write("App/Sources/Legacy.swift", "func l() { SecItemCopyMatching([kSecClass: kSecClassGenericPassword] as CFDictionary, nil) }\n")
        XCTAssertFalse(project.run(["App"]).out.contains("missing-data-protection-keychain"))
        XCTAssertTrue(project.run(["--platform", "macos", "App"]).out.contains("Legacy.swift:1:32: warning: No kSecUseDataProtectionKeychain"))
    }

    // MARK: include and exclude

    func testIncludeAndExclude() {
        let bad = Mistake.file([Mistake.identityAdd()])
        for file in ["App/Sources/Generated/G.swift", "App/Sources/Model.generated.swift", "App/Tests/T.swift",
                     "Scripts/S.swift", "App/Sources/Deep/Generated/H.swift", "App/Sources/Deep/OK.swift"] {
            project.write(file, bad)
        }
        project.write(".keychain-lint.json", """
        {
          "include": ["App/Sources", "Scripts/?.swift"],
          "exclude": ["App/Sources/Generated/**", "**/*.generated.swift", "App/*/Deep/Generated"]
        }
        """)
        XCTAssertEqual(project.run(["."]).findings.map { $0.components(separatedBy: ":")[0] },
                       ["./App/Sources/A.swift", "./App/Sources/Deep/OK.swift", "./Scripts/S.swift"])
        XCTAssertEqual(project.run(["."], in: "App").findings.map { $0.components(separatedBy: ":")[0] },
                       ["./Sources/A.swift", "./Sources/Deep/OK.swift"], "patterns are relative to the file's folder, not the working directory")

        // Files named on the command line are linted, unless --force-exclude.
        XCTAssertEqual(project.run(["App/Sources/Generated/G.swift", "App/Tests/T.swift"]).findings.count, 2)
        XCTAssertEqual(project.run(["--force-exclude", "App/Sources/Generated/G.swift", "App/Tests/T.swift", "App/Sources/A.swift"]).findings,
                       ["App/Sources/A.swift:2 identity-add"])
        XCTAssertEqual(project.run(["App/Sources/Generated"]).findings, [], "a folder argument inside an excluded folder is not walked")
        XCTAssertEqual(project.run(["App/Sources/Deep"]).findings, ["App/Sources/Deep/OK.swift:2 identity-add"])
    }

    func testFilesOutsideTheConfigurationsFolderAreNotFiltered() {
        project.write("Scripts/S.swift", Mistake.file([Mistake.identityAdd()]))
        project.write("App/.keychain-lint.json", #"{"include": ["Nothing"], "exclude": ["**"]}"#)
        XCTAssertEqual(project.run(["../Scripts", "."], in: "App").findings, ["../Scripts/S.swift:2 identity-add"])
    }

    func testExcludedFoldersAreNotEntered() throws {
        project.write("App/Sources/Generated/Deep/G.swift", "")
        project.write("App/Vendor/V.swift", "")
        let config = try Configuration.parse(Array(#"{"exclude": ["App/Sources/Generated", "**/Vendor"]}"#.utf8),
                                             path: "c.json", folder: project.root, knownRules: [])
        var discovery = FileDiscovery(workingDirectory: project.root)
        discovery.filter = PathFilter(root: project.root, include: config.include, exclude: config.exclude, base: project.root)
        var entered: [String] = []
        discovery.onEnter = { entered.append($0) }
        XCTAssertEqual(discovery.discover(["."]).targets.map(\.path), ["./App/Sources/A.swift"])
        XCTAssertEqual(entered.map { $0.replacingOccurrences(of: project.root, with: "") }, ["/.", "/./App", "/./App/Sources"])

        // Through the CLI: an unreadable excluded folder is not even looked at (visible when not root).
        chmod(project.root + "/App/Vendor", 0)
        defer { chmod(project.root + "/App/Vendor", 0o755) }
        project.write(".keychain-lint.json", #"{"exclude": ["**/Vendor"]}"#)
        XCTAssertFalse(project.run(["."]).err.contains("Vendor"))
    }

    func testGlobs() {
        let cases: [(String, String, Bool)] = [
            ("*.swift", "A.swift", true), ("*.swift", "Sources/A.swift", false), ("**/*.swift", "A.swift", true),
            ("**/*.swift", "a/b/c/A.swift", true), ("Sources/**", "Sources", true), ("Sources/**", "Sources/a/b", true),
            ("Sources/**", "Tests/a", false), ("a/**/b", "a/b", true), ("a/**/b", "a/x/y/b", true), ("a/**/b", "a/x/y/c", false),
            ("?.swift", "A.swift", true), ("?.swift", "AB.swift", false), ("?", "/", false), ("a*b*c", "abc", true),
            ("a*b*c", "axxbyyc", true), ("a*b*c", "axxbyy", false), ("**", "anything/at/all", true), ("./Sources", "Sources", true),
            ("a**b", "axyb", true), ("a**b", "ax/yb", false), ("**/Gen/**", "x/Gen/y.swift", true), ("**/**/x", "x", true),
            ("caf\u{E9}", "cafe\u{301}", true), // Swift compares characters canonically
        ]
        for (pattern, path, expected) in cases {
            XCTAssertEqual(Glob(pattern).matches(path), expected, "\(pattern) ~ \(path)")
        }
        // Many stars against a long non-matching path stays fast (no exponential backtracking).
        // Backtracking over 30 stars and 60 segments would take longer than anyone waits, so the
        // limit is far above what a loaded two-core machine needs for the linear match (it is a
        // hang detector, not a speed check).
        let start = Date()
        XCTAssertFalse(Glob(String(repeating: "**/a*", count: 30) + "b").matches(Array(repeating: "aaaaaaaaaa", count: 60).joined(separator: "/")))
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
    }

    // MARK: errors

    /// Every bad configuration: exit 2, nothing on stdout, and the message names the file and the spot.
    func testBadConfigurationsExitTwoWithTheFileAndPosition() {
        let cases: [(String, String)] = [
            ("{\n  \"rules\": {\"identity-add\": \"warning\"},\n  \"exlude\": []\n}", ".keychain-lint.json:3:3: unknown key 'exlude' (did you mean 'exclude'? expected one of: baseline, exclude, include, platforms, rules)"),
            ("{\"rules\": {\n  \"identty-add\": \"off\"}}", ".keychain-lint.json:2:3: unknown rule 'identty-add' in 'rules'; did you mean 'identity-add'?"),
            ("{\"rules\": {\"identity-add\": \"err\"}}", ".keychain-lint.json:1:28: 'rules.identity-add' must be \"error\", \"warning\" or \"off\""),
            ("{\"rules\": [\"identity-add\"]}", ".keychain-lint.json:1:11: 'rules' must be an object of rule id to \"error\", \"warning\" or \"off\", got an array"),
            ("{\n  \"rules\": {},\n  \"include\": [\"a\",],\n}", ".keychain-lint.json:3:19: malformed JSON: unexpected character, expected a value"),
            ("{\"include\": \"Sources\"}", ".keychain-lint.json:1:13: 'include' must be an array of strings, got a string"),
            ("{\"exclude\": [\"../x\"]}", ".keychain-lint.json:1:14: 'exclude' patterns are relative to the configuration's folder and cannot contain '..'"),
            ("{\"platforms\": [\"ios\", \"android\"]}", ".keychain-lint.json:1:23: unknown platform 'android' in 'platforms' (expected one of: macos, ios, tvos, watchos, visionos)"),
            ("{\"platforms\": []}", ".keychain-lint.json:1:15: 'platforms' must name at least one platform"),
            ("{\"baseline\": 3}", ".keychain-lint.json:1:14: 'baseline' must be a path (a non-empty string)"),
            ("[]", ".keychain-lint.json:1:1: the configuration must be a JSON object, got an array"),
            ("{\"rules\": {}, \"rules\": {}}", ".keychain-lint.json:1:15: malformed JSON: duplicate key 'rules'"),
            ("{\"rules\": {}", ".keychain-lint.json:1:13: malformed JSON: unexpected end of file, expected ',' or '}'"),
            ("", ".keychain-lint.json:1:1: malformed JSON: unexpected end of file, expected a value"),
            ("\u{FEFF}{\"x\": 1}", ".keychain-lint.json:1:2: unknown key 'x' (expected one of: baseline, exclude, include, platforms, rules)"),
            ("{\"baseline\": \"missing.json\"}", "cannot read baseline \(project.root)/missing.json: no such file or directory"),
        ]
        for (text, message) in cases {
            project.write(".keychain-lint.json", text)
            let r = project.run(["App"])
            XCTAssertEqual(r.code, 2, text)
            XCTAssertEqual(r.out, "", text)
            let expected = message.hasPrefix(".keychain") ? "\(project.root)/\(message)" : message
            XCTAssertEqual(r.err, "keychain-lint: error: \(expected)\n", text)
        }
    }

    func testUnreadableOrMissingConfigFile() {
        let missing = project.run(["--config", "nope.json", "App"])
        XCTAssertEqual(missing.code, 2)
        XCTAssertEqual(missing.err, "keychain-lint: error: nope.json: cannot read configuration: no such file or directory\n")
        try? FileManager.default.createDirectory(atPath: project.root + "/.keychain-lint.json", withIntermediateDirectories: true)
        let folder = project.run(["App"])
        XCTAssertEqual(folder.code, 2)
        XCTAssertEqual(folder.err, "keychain-lint: error: \(project.root)/.keychain-lint.json: cannot read configuration: is a directory\n")
    }

    func testJSONParserIsStrictAndBounded() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertThrowsError(try JSONParser.parse(Array(deep.utf8))) { error in
            XCTAssertEqual((error as? JSONSyntaxError)?.offset, JSONParser.maximumDepth, "stops at the depth limit, no stack overflow")
        }
        for bad in ["[1,]", "{\"a\" 1}", "01", "1.", "-", "\"\\x\"", "\"\u{1}\"", "\"\\ud800\"", "tru", "[] []", "\"abc", "{'a': 1}", "NaN"] {
            XCTAssertThrowsError(try JSONParser.parse(Array(bad.utf8)), bad)
        }
        XCTAssertThrowsError(try JSONParser.parse([0x22, 0xC3, 0x22]), "invalid UTF-8 inside a string")
        let value = try JSONParser.parse(Array(#" {"s": "a\"\\\/\b\f\n\r\t\u00e9\ud83d\udd11", "n": [-0.5e+2, 0, 12], "t": true, "f": false, "z": null} "#.utf8))
        guard case .object(let members) = value.kind, case .string(let s) = members[0].value.kind,
              case .array(let numbers) = members[1].value.kind, case .number(let first) = numbers[0].kind else { return XCTFail("\(value)") }
        XCTAssertEqual(s, "a\"\\/\u{8}\u{C}\n\r\té🔑")
        XCTAssertEqual(first, -50)
        XCTAssertEqual(members.map(\.key), ["s", "n", "t", "f", "z"])
        XCTAssertEqual(members.map(\.keyOffset), [2, 46, 69, 80, 92])
    }
}
