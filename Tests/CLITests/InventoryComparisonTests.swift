import Foundation
import XCTest
import KeychainLint
import KeychainLintCLI

/// `inventory --against`: a file that is not an inventory is an error (status 2), and the exit
/// policy: 0 whatever the comparison finds, unless `--fail-on` names what it found (status 1).
/// Also the table's colours, which follow `--color` and `NO_COLOR` as the lint output does.
final class InventoryComparisonTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    private final class TerminalSink: OutputSink, @unchecked Sendable {
        private(set) var text = ""
        var isTerminal: Bool { true }
        func write(_ text: String) { self.text += text }
    }

    private func run(_ arguments: [String], environment: [String: String] = [:], terminal: Bool = false) -> (code: Int32, out: String, err: String) {
        let err = BufferSink()
        if terminal {
            let out = TerminalSink()
            let code = CommandLineTool.run(arguments: arguments, environment: environment, rules: Linter.defaultRules, workingDirectory: root,
                                           stdout: out, stderr: err)
            return (code, out.text, err.text)
        }
        let out = BufferSink()
        let code = CommandLineTool.run(arguments: arguments, environment: environment, rules: Linter.defaultRules, workingDirectory: root,
                                       stdout: out, stderr: err)
        return (code, out.text, err.text)
    }

    /// The fixture's inventory, changed by `edit`, written to a temporary file.
    private func old(_ edit: (inout [[String: Any]]) -> Void = { _ in }) throws -> String {
        var json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run(["inventory", "--format", "json", "Fixtures/Inventory"]).out.utf8))
                                 as? [String: Any])
        var items = try XCTUnwrap(json["items"] as? [[String: Any]])
        edit(&items)
        json["items"] = items
        let path = NSTemporaryDirectory() + "inventory-against-\(getpid())-\(UUID().uuidString).json"
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    private func write(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "inventory-bad-\(getpid())-\(UUID().uuidString).json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testAFileThatIsNotAnInventoryIsAnErrorWithStatus2() throws {
        let cases: [(String, String)] = [
            ("", "is not an inventory"),
            ("[]", "not a JSON object"),
            ("{\"items\": []}", "no \"inventoryVersion\""),
            ("{\"inventoryVersion\": 9, \"items\": []}", "inventoryVersion 9 (this version reads 1)"),
            ("{\"inventoryVersion\": 1, \"items\": [{\"class\": 1, \"operations\": []}]}", "an item has no \"class\""),
            ("{\"inventoryVersion\": 1, \"items\": [{\"class\": \"kSecClassKey\"}]}", "no \"operations\" array"),
        ]
        for (text, message) in cases {
            let path = try write(text)
            for format in ["table", "json", "markdown"] {
                let result = run(["inventory", "--against", path, "--format", format, "Fixtures/Inventory"])
                XCTAssertEqual(result.code, 2, "\(text): \(result.err)")
                XCTAssertTrue(result.err.contains(message), "\(text): \(result.err)")
                XCTAssertEqual(result.out, "")
            }
        }
        // An inventory with no items is one: everything is added.
        let empty = try write("{\"inventoryVersion\": 1, \"items\": []}")
        XCTAssertEqual(run(["inventory", "--against", empty, "Fixtures/Inventory"]).code, 0)
    }

    func testTheComparisonExitsZeroUnlessFailOnNamesWhatItFound() throws {
        let same = try old()
        let weaker = try old { items in
            for i in items.indices where items[i]["service"] as? String == "com.example.inventory.credentials" {
                items[i]["accessibility"] = "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"
            }
        }
        let added = try old { items in items.removeAll { $0["service"] as? String == "com.example.inventory.tokens" } }
        let removed = try old { items in
            var extra = items[0]
            extra["label"] = "gone"
            items.append(extra)
        }
        let expectations: [(String, String?, Int32)] = [
            (same, "any", 0), (weaker, nil, 0), (weaker, "weaker", 1), (weaker, "added", 1),
            (added, "weaker", 0), (added, "added", 1), (removed, "added", 0), (removed, "any", 1),
        ]
        for (path, failOn, code) in expectations {
            let arguments = ["inventory", "--against", path] + (failOn.map { ["--fail-on", $0] } ?? []) + ["Fixtures/Inventory"]
            let result = run(arguments)
            XCTAssertEqual(result.code, code, "\(failOn ?? "-") on \(path): \(result.out)\(result.err)")
        }
        let strengthened = try old { items in
            for i in items.indices where items[i]["service"] as? String == "com.example.inventory.tokens" {
                items[i]["accessibility"] = "kSecAttrAccessibleAlways"
            }
        }
        let result = run(["inventory", "--against", strengthened, "--fail-on=weaker", "Fixtures/Inventory"])
        XCTAssertEqual(result.code, 0, "a stronger accessibility does not weaken: \(result.out)")
        XCTAssertTrue(result.out.contains("accessibility changed"), result.out)
    }

    func testTheTableIsColouredAsTheLintOutputIs() {
        let coloured = run(["inventory", "Fixtures/Inventory"], terminal: true)
        XCTAssertTrue(coloured.out.contains("\u{1B}[1m#\u{1B}[0m"), "bold headers on a terminal: \(coloured.out)")
        XCTAssertFalse(run(["inventory", "Fixtures/Inventory"], environment: ["NO_COLOR": "1"], terminal: true).out.contains("\u{1B}["))
        XCTAssertFalse(run(["inventory", "--color", "never", "Fixtures/Inventory"], terminal: true).out.contains("\u{1B}["))
        XCTAssertTrue(run(["inventory", "--color", "always", "Fixtures/Inventory"]).out.contains("\u{1B}["))
        // Colours never move a column: without the escapes the table is the plain one.
        let plain = run(["inventory", "Fixtures/Inventory"]).out
        let stripped = coloured.out.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        XCTAssertEqual(stripped, plain)
    }

    func testLongValuesAreCutInTheTableAndWholeInJSON() throws {
        let long = String(repeating: "averyverylongservicename.", count: 3)
        let folder = NSTemporaryDirectory() + "inventory-long-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        try """
            import Security
            func put(_ d: Data) -> OSStatus {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "\(long)", kSecAttrAccount: "a",
                            kSecUseDataProtectionKeychain: true, kSecValueData: d] as CFDictionary, nil)
            }
            """.write(toFile: folder + "/Long.swift", atomically: true, encoding: .utf8)
        let table = run(["inventory", folder]).out
        XCTAssertFalse(table.contains(long), table)
        XCTAssertTrue(table.contains(String(long.prefix(33)) + "…"), table)
        XCTAssertTrue(run(["inventory", "--format", "json", folder]).out.contains(long))
        XCTAssertTrue(run(["inventory", "--format", "markdown", folder]).out.contains(long))
    }
}
