import Foundation
import XCTest
import KeychainLintTestSupport
@testable import KeychainLintCLI

/// The unified diff `--diff` prints: hunks as `diff -u` writes them, and `patch` turns the old
/// text into the new one.
final class UnifiedDiffTests: XCTestCase {
    private func diff(_ old: String, _ new: String) -> String {
        UnifiedDiff.render(old: Array(old.utf8), new: Array(new.utf8), path: "f.swift")
    }

    func testHunksCarryThreeLinesOfContextAndJoinWhenClose() {
        let old = (1...12).map { "l\($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "l2\n", with: "l2\nNEW\n").replacingOccurrences(of: "l11\n", with: "")
        XCTAssertEqual(diff(old, new), """
        --- a/f.swift
        +++ b/f.swift
        @@ -1,5 +1,6 @@
         l1
         l2
        +NEW
         l3
         l4
         l5
        @@ -8,5 +9,4 @@
         l8
         l9
         l10
        -l11
         l12

        """)
        let close = old.replacingOccurrences(of: "l2\n", with: "L2\n").replacingOccurrences(of: "l7\n", with: "L7\n")
        XCTAssertEqual(diff(old, close).components(separatedBy: "@@ ").count - 1, 1, "changes 5 lines apart share one hunk")
    }

    func testAMissingFinalLineBreakIsMarkedAndEqualTextsGiveNothing() {
        XCTAssertEqual(diff("a\nb", "a\nc"), "--- a/f.swift\n+++ b/f.swift\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n")
        XCTAssertEqual(diff("same\n", "same\n"), "")
        XCTAssertEqual(diff("", "x\n"), "--- a/f.swift\n+++ b/f.swift\n@@ -0,0 +1,1 @@\n+x\n")
    }

    func testPatchTurnsTheOldTextIntoTheNew() throws {
        try skipUnlessAvailable(FileManager.default.isExecutableFile(atPath: "/usr/bin/patch"), "patch is not installed")
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        let folder = NSTemporaryDirectory() + "kl-diff-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/a", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for round in 0..<40 {
            let old = (0..<(5 + next(30))).map { _ in "line \(next(6))\n" }
            var new = old
            for _ in 0..<(1 + next(5)) {
                switch next(3) {
                case 0: new.insert("added \(next(9))\n", at: next(new.count + 1))
                case 1: if !new.isEmpty { new.remove(at: next(new.count)) }
                default: if !new.isEmpty { new[next(new.count)] = "changed \(next(9))\n" }
                }
            }
            let (a, b) = (old.joined(), new.joined())
            try a.write(toFile: folder + "/f.swift", atomically: true, encoding: .utf8)
            try diff(a, b).write(toFile: folder + "/p.diff", atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/patch")
            process.arguments = ["-s", "-p1", "-d", folder, "-i", folder + "/p.diff"]
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "round \(round)")
            XCTAssertEqual(try String(contentsOfFile: folder + "/f.swift", encoding: .utf8), b, "round \(round)")
        }
    }
}
