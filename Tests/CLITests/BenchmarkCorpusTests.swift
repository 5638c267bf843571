import Foundation
import XCTest
import KeychainLintTestSupport
import KeychainLint
import KeychainLintCLI

/// The benchmark's corpus generator is in the repository (`Benchmarks/gen_corpus.py`), so
/// `python3 Benchmarks/bench.py` runs from a plain clone: it must be deterministic, and its
/// manifest must be exactly what the linter finds (every planted mistake, nothing else).
final class BenchmarkCorpusTests: XCTestCase {
    private let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    private var work = ""

    override func setUpWithError() throws {
        work = NSTemporaryDirectory() + "kl-corpus-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: work) }

    private func generate(_ folder: String) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", repositoryRoot + "/Benchmarks/gen_corpus.py", "--out", work + "/" + folder, "--files", "80",
                       "--mb", "1", "--seed", "3", "--keychain-ratio", "0.5", "--decoy-ratio", "0.2"]
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        try skipUnlessAvailable(p.terminationStatus != 127, "no python3 on PATH")
        XCTAssertEqual(p.terminationStatus, 0, "Benchmarks/gen_corpus.py failed")
    }

    private struct Spot: Hashable { var file: String, line: Int, rule: String }

    func testTheGeneratorIsDeterministicAndItsManifestIsExactlyWhatIsFound() throws {
        try generate("a")
        try generate("b")
        let files = try FileManager.default.subpathsOfDirectory(atPath: work + "/a").sorted()
        XCTAssertEqual(files, try FileManager.default.subpathsOfDirectory(atPath: work + "/b").sorted())
        XCTAssertGreaterThan(files.filter { $0.hasSuffix(".swift") }.count, 10, "the generator wrote files, so the comparison below compares something")
        for file in files where file.hasSuffix(".swift") || file.hasSuffix(".json") {
            XCTAssertEqual(FileManager.default.contents(atPath: work + "/a/" + file), FileManager.default.contents(atPath: work + "/b/" + file), file)
        }

        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: work + "/a/manifest.json"))) as? [String: Any])
        let planted = try XCTUnwrap(manifest["planted"] as? [[String: Any]])
        let expected = Set(planted.compactMap { p in (p["rule"] as? String).map { Spot(file: p["file"] as! String, line: p["line"] as! Int, rule: $0) } })
        XCTAssertGreaterThan(expected.count, 40)
        XCTAssertGreaterThan(Set(expected.map(\.rule)).count, 10, "many rules are planted")
        XCTAssertTrue(planted.contains { $0["case"] as? String == "DECOY" })

        // The 1% corpus must be 1% keychain code for the prefilter too: other files name nothing it
        // looks for (an identifier such as `briskSector` would hold `kSec`).
        let named = Set((manifest["keychain_files"] as? [String] ?? []) + planted.filter { $0["case"] as? String == "DECOY" }.map { $0["file"] as! String })
        for file in files where file.hasSuffix(".swift") && !named.contains(file) {
            let text = try String(contentsOfFile: work + "/a/" + file, encoding: .utf8)
            for needle in ["kSec", "SecItem", "SecKey", "Keychain", "keychain-lint:"] {
                XCTAssertFalse(text.contains(needle), "\(file) contains \(needle)")
            }
        }

        let out = BufferSink()
        let code = CommandLineTool.run(arguments: ["--format", "json", "."], rules: Linter.defaultRules,
                                       workingDirectory: work + "/a", stdout: out, stderr: BufferSink())
        XCTAssertEqual(code, 1)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out.text.utf8)) as? [String: Any])
        let found = Set(try XCTUnwrap(report["findings"] as? [[String: Any]]).map {
            Spot(file: String(($0["file"] as! String).dropFirst(2)), line: $0["line"] as! Int, rule: $0["ruleId"] as! String)
        })
        XCTAssertEqual(expected.subtracting(found), [], "planted but not found")
        XCTAssertEqual(found.subtracting(expected), [], "found but not planted")
    }
}
