import Foundation
import XCTest
import KeychainLint
import KeychainLintCLI

/// `keychain-lint inventory` on `Fixtures/Inventory` through the real command line: the JSON's
/// field names are pinned (tools and `--against` read them), the fixture's items are what its
/// comments say, and bad input fails with status 2 and a message.
final class InventoryCommandTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    private func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        let out = BufferSink(), err = BufferSink()
        let code = CommandLineTool.run(arguments: arguments, rules: Linter.defaultRules, workingDirectory: root, stdout: out, stderr: err)
        return (code, out.text, err.text)
    }

    private func items(_ extra: [String] = []) throws -> [[String: Any]] {
        let result = run(["inventory", "--format", "json"] + extra + ["Fixtures/Inventory"])
        XCTAssertEqual(result.code, 0, result.err)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        XCTAssertEqual(json["inventoryVersion"] as? Int, 1)
        return try XCTUnwrap(json["items"] as? [[String: Any]])
    }

    func testTheJSONFieldNamesArePinned() throws {
        let items = try items()
        XCTAssertFalse(items.isEmpty)
        let fields: Set<String> = ["class", "service", "account", "server", "protocol", "applicationTag", "label", "keyType", "accessGroup",
                                   "accessibility", "accessControl", "synchronizable", "dataProtectionKeychain", "platforms", "library",
                                   "unresolved", "findings", "operations", "protections"]
        for item in items {
            XCTAssertEqual(Set(item.keys), fields)
            for operation in try XCTUnwrap(item["operations"] as? [[String: Any]]) {
                XCTAssertEqual(Set(operation.keys), ["kind", "path", "line", "route"])
            }
            for protection in try XCTUnwrap(item["protections"] as? [[String: Any]]) {
                XCTAssertEqual(Set(protection.keys), ["path", "line", "accessibility", "accessControl", "synchronizable",
                                                      "dataProtectionKeychain", "platforms"])
            }
        }
    }

    func testTheFixturesItems() throws {
        let items = try items()
        func item(service: String) throws -> [String: Any] { try XCTUnwrap(items.first { $0["service"] as? String == service }) }
        // Added in one file through a helper, read in another: one item, three operations.
        let credentials = try item(service: "com.example.inventory.credentials")
        let operations = try XCTUnwrap(credentials["operations"] as? [[String: Any]])
        XCTAssertEqual(operations.map { "\($0["kind"]!) \(($0["path"] as! String).split(separator: "/").last!):\($0["line"]!)" },
                       ["add InventoryCredentialQueries.swift:19", "update InventoryCredentialQueries.swift:21",
                        "read InventoryCredentialReader.swift:8"])
        XCTAssertEqual(credentials["accessibility"] as? String, "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly")
        XCTAssertEqual(credentials["dataProtectionKeychain"] as? Bool, true)
        XCTAssertNotNil((credentials["account"] as? [String: Any])?["computed"], "the account is the helper's parameter")
        // A second service is a second item, synchronised.
        let tokens = try item(service: "com.example.inventory.tokens")
        XCTAssertEqual(tokens["synchronizable"] as? Bool, true)
        XCTAssertEqual((tokens["operations"] as? [[String: Any]])?.count, 2)
        // The lint run's finding at the legacy add is the item's.
        let legacy = try item(service: "com.example.inventory.legacy")
        XCTAssertEqual(legacy["findings"] as? [String], ["missing-data-protection-keychain"])
        XCTAssertEqual(legacy["dataProtectionKeychain"] as? Bool, false)
        // A class the code computes: listed, unresolved, with the expression.
        let blob = try XCTUnwrap(items.first { $0["class"] is [String: Any] })
        XCTAssertEqual((blob["class"] as? [String: Any])?["computed"] as? String, "itemClass")
        XCTAssertEqual(blob["unresolved"] as? [String], ["kSecClass: `itemClass`"])
        XCTAssertEqual(items.count, 4)
    }

    func testTableAndMarkdownShowTheSameItems() {
        let table = run(["inventory", "Fixtures/Inventory"])
        XCTAssertEqual(table.code, 0, table.err)
        let lines = table.out.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.first?.hasPrefix("#  CLASS             NAME") == true, table.out)
        // Aligned: every row of the items' table has its NAME where the header has it.
        let nameColumn = try? XCTUnwrap(lines.first?.range(of: "NAME")).lowerBound.utf16Offset(in: lines[0])
        for row in lines.dropFirst().prefix(4) {
            XCTAssertEqual(row.range(of: "com.example.inventory").map { $0.lowerBound.utf16Offset(in: row) } ?? nameColumn, nameColumn, row)
        }
        XCTAssertTrue(lines.contains { $0.hasPrefix("4  generic password  com.example.inventory.tokens") && $0.contains("refresh") }, table.out)
        XCTAssertTrue(lines.contains("1  kSecClass: `itemClass`"), table.out)
        XCTAssertFalse(table.out.contains("\u{1B}["), "no colour off a terminal")
        XCTAssertTrue(table.err.contains("4 items (2 with unresolved values)"), table.err)
        let markdown = run(["inventory", "--format=markdown", "Fixtures/Inventory"])
        XCTAssertTrue(markdown.out.hasPrefix("# Keychain inventory\n"), markdown.out)
        XCTAssertTrue(markdown.out.contains("## Unresolved"), markdown.out)
    }

    func testAgainstAnOlderInventoryPrintsWhatChanged() throws {
        // The older inventory, as the base branch had it: no tokens item yet, and the credentials
        // readable only while the device is unlocked.
        var json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run(["inventory", "--format", "json", "Fixtures/Inventory"]).out.utf8))
                                 as? [String: Any])
        var items = try XCTUnwrap(json["items"] as? [[String: Any]])
        items.removeAll { $0["service"] as? String == "com.example.inventory.tokens" }
        for i in items.indices where items[i]["service"] as? String == "com.example.inventory.credentials" {
            items[i]["accessibility"] = "kSecAttrAccessibleWhenUnlockedThisDeviceOnly"
        }
        json["items"] = items
        let old = String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self)
        let path = NSTemporaryDirectory() + "inventory-old-\(getpid()).json"
        try old.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = run(["inventory", "--against", path, "Fixtures/Inventory"])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(result.out.contains("new keychain item: generic password service=com.example.inventory.tokens account=refresh"), result.out)
        XCTAssertTrue(result.out.contains("synced to iCloud"), result.out)
        XCTAssertTrue(result.out.contains("accessibility weaker: kSecAttrAccessibleWhenUnlockedThisDeviceOnly → "
                                          + "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly"), result.out)
        let same = run(["inventory", "--against", path, "--format", "json", "Fixtures/Inventory"])
        let changes = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(same.out.utf8)) as? [String: Any])
        XCTAssertEqual((changes["added"] as? [Any])?.count, 1)
        XCTAssertEqual((changes["removed"] as? [Any])?.count, 0)
        XCTAssertEqual((changes["changed"] as? [Any])?.count, 1)
    }

    func testBadInputFailsWithAMessage() throws {
        let cases: [([String], String)] = [
            (["inventory", "--format", "xml"], "'inventory' prints table, json or markdown, not 'xml'"),
            (["inventory", "--format"], "option '--format' needs a value"),
            (["inventory", "--fix"], "'inventory' lists items and changes no file; it does not take '--fix'"),
            (["inventory", "--against", "Fixtures/does-not-exist.json", "Fixtures/Inventory"], "cannot read --against Fixtures/does-not-exist.json"),
            (["inventory", "--against", "Package.swift", "Fixtures/Inventory"], "Package.swift is not an inventory"),
            (["inventory", "--against", "Fixtures", "Fixtures/Inventory"], "cannot read --against Fixtures"),
            (["inventory", "--fail-on", "weaker", "Fixtures/Inventory"], "--fail-on needs --against"),
            (["inventory", "--against", "x.json", "--fail-on", "worse", "Fixtures/Inventory"], "unknown --fail-on 'worse'"),
            (["inventory", "--bogus"], "unknown option '--bogus'"),
        ]
        for (arguments, message) in cases {
            let result = run(arguments)
            XCTAssertEqual(result.code, 2, "\(arguments): \(result.err)")
            XCTAssertTrue(result.err.contains(message), "\(arguments): \(result.err)")
            XCTAssertEqual(result.out, "", "\(arguments)")
        }
        let missing = run(["inventory", "Fixtures/NoSuchFolder"])
        XCTAssertEqual(missing.code, 2, missing.err)
    }

    func testHelp() {
        let help = run(["inventory", "--help"])
        XCTAssertEqual(help.code, 0)
        XCTAssertTrue(help.out.contains("USAGE: keychain-lint inventory [options] [PATH ...]"), help.out)
        XCTAssertTrue(run(["--help"]).out.contains("keychain-lint inventory [options] [PATH ...]"))
    }
}
