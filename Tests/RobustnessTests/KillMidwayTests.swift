import Foundation
import XCTest
import KeychainLintTestSupport

/// A run killed at any moment leaves every report and baseline either as it was or complete, and
/// no temporary file: reports and baselines are written to an unnamed file in the same folder,
/// which is named and renamed over the target only once it is complete.
/// The real executable is started and killed with SIGKILL at spread-out moments of its run.
final class KillMidwayTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("kl-kill-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/Sources", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    /// Reports from one kind of run, the baseline from the other (a baseline run writes only the baseline).
    private let runs: [(arguments: [String], files: [String])] = [
        (["--output", "sarif=out/r.sarif", "--output", "json=out/r.json", "Sources"], ["out/r.sarif", "out/r.json"]),
        (["--write-baseline", "out/baseline.json", "Sources"], ["out/baseline.json"]),
    ]

    private func launch(_ bin: String, _ arguments: [String]) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: bin)
        p.currentDirectoryURL = URL(fileURLWithPath: root)
        p.arguments = arguments
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        return p
    }

    /// Writing has begun: a temporary file exists in `out/`, or a target is no longer the old text.
    private func writing(_ files: [String]) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/out")) ?? []
        if names.contains(where: { $0.hasPrefix(".") }) { return true }
        return files.contains { file in
            let size = (try? FileManager.default.attributesOfItem(atPath: root + "/" + file)[.size] as? Int) ?? 0
            return size != 3
        }
    }

    func testAKilledRunLeavesOldOrCompleteFiles() throws {
        let bin = try BuiltExecutable.required()
        // Enough findings that the reports take a while to render and write.
        let line = "let q\u{24}: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccessible as String: kSecAttrAccessibleAlways, kSecAttrAccessGroup as String: \"shared\"]\n"
        for f in 0..<100 {
            let text = (0..<40).map { line.replacingOccurrences(of: "\u{24}", with: "\(f)_\($0)") }.joined()
            try text.write(toFile: root + "/Sources/F\(f).swift", atomically: false, encoding: .utf8)
        }
        try FileManager.default.createDirectory(atPath: root + "/out", withIntermediateDirectories: true)

        var killedBeforeEnd = 0
        var writesCaught = 0
        let trials = 8
        for run in runs {
            // How long one full run takes, to spread the kills over it.
            let start = Date()
            let full = try launch(bin, run.arguments)
            full.waitUntilExit()
            let duration = Date().timeIntervalSince(start)
            XCTAssertEqual(full.terminationReason, .exit)
            for file in run.files {
                XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: root + "/" + file))), file)
            }
            for trial in 0..<trials {
                for file in run.files { try "OLD".write(toFile: root + "/" + file, atomically: true, encoding: .utf8) }
                let p = try launch(bin, run.arguments)
                // Odd trials: kill at a spread-out moment. Even trials: kill the moment writing starts
                // (a temporary file appears, or a target stops being the old one), the window a
                // non-atomic write would be caught in.
                if trial % 2 == 1 {
                    Thread.sleep(forTimeInterval: duration * Double(trial) / Double(trials))
                } else {
                    let deadline = Date().addingTimeInterval(duration * 3)
                    while Date() < deadline && p.isRunning && !writing(run.files) {}
                    if p.isRunning { writesCaught += 1 }
                }
                kill(p.processIdentifier, SIGKILL)
                p.waitUntilExit()
                if p.terminationReason == .uncaughtSignal { killedBeforeEnd += 1 }
                let leftovers = try FileManager.default.contentsOfDirectory(atPath: root + "/out").filter { $0.hasPrefix(".") }
                XCTAssertEqual(leftovers, [], "trial \(trial): a killed run leaves no temporary file behind")
                for file in run.files {
                    let data = try Data(contentsOf: URL(fileURLWithPath: root + "/" + file))
                    if data == Data("OLD".utf8) { continue }
                    XCTAssertNoThrow(try JSONSerialization.jsonObject(with: data),
                                     "trial \(trial): \(file) is neither old nor complete (\(data.count) bytes)")
                }
            }
        }
        XCTAssertGreaterThan(writesCaught, 0, "no kill landed while a file was being written")
        XCTAssertGreaterThan(killedBeforeEnd, trials, "the kills must land while the runs are still going")
    }
}

