import Foundation
import XCTest
import KeychainLintProject

/// A folder argument's subfolders walked on all cores give what a walk on one thread gives: the
/// same targets in the same order, the same warnings, and scopes numbered in the same order.
final class ParallelWalkTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "kl-pwalk-" + UUID().uuidString
        let fm = FileManager.default
        var rng = SplitMix(seed: 5)
        // Twelve subfolders of uneven depth, names that sort around `/` ("a-b", "a.b", "a0").
        for top in ["a", "a-b", "a.b", "a0", "B", "c", "d", "e", "f", "g", "h", "i"] {
            for depth in 0..<(1 + Int(rng.next() % 4)) {
                let folder = root + "/" + top + String(repeating: "/sub", count: depth)
                try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
                for k in 0..<Int(rng.next() % 4) { try "let x = \(k)".write(toFile: folder + "/F\(k).swift", atomically: true, encoding: .utf8) }
            }
        }
        try "".write(toFile: root + "/top.swift", atomically: true, encoding: .utf8)
        try "".write(toFile: root + "/a.swift", atomically: true, encoding: .utf8)
        // A link to a file in another subfolder (linted once, under its own path) and a link to a folder (not followed).
        try fm.createSymbolicLink(atPath: root + "/c/Linked.swift", withDestinationPath: root + "/a/F0.swift")
        try "".write(toFile: root + "/a/F0.swift", atomically: true, encoding: .utf8)
        try fm.createSymbolicLink(atPath: root + "/d/loop", withDestinationPath: root)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    private func discover(parallel: Bool, scopes: (any FolderScopes)? = nil) -> (targets: [LintTarget], problems: [DiscoveryProblem]) {
        var discovery = FileDiscovery()
        discovery.parallel = parallel
        discovery.scopes = scopes
        return discovery.discover([root])
    }

    func testTheParallelWalkFindsWhatOneThreadFinds() {
        let one = discover(parallel: false), all = discover(parallel: true)
        XCTAssertGreaterThan(one.targets.count, 12)
        XCTAssertEqual(all.targets, one.targets)
        XCTAssertEqual(all.problems, one.problems)
        XCTAssertEqual(one.targets.map(\.path), one.targets.map(\.path).sorted { FileDiscovery.bytesPrecede($0, $1) })
    }

    /// Scopes are numbered in the order the walk meets their settings files: a subfolder that
    /// holds one is walked on one thread, so the numbers do not depend on which thread ran first.
    func testSettingsFilesAreMetInWalkOrder() throws {
        for folder in ["i", "B/sub", "a-b"] where FileManager.default.fileExists(atPath: root + "/" + folder) {
            try "{}".write(toFile: root + "/" + folder + "/.scopes", atomically: true, encoding: .utf8)
        }
        let sequential = NumberingScopes(), parallel = NumberingScopes()
        let one = discover(parallel: false, scopes: sequential), all = discover(parallel: true, scopes: parallel)
        XCTAssertEqual(all.targets, one.targets)
        XCTAssertEqual(parallel.started, sequential.started)
        XCTAssertFalse(sequential.started.isEmpty)
    }
}

/// Hands out a new scope for each folder holding `.scopes`, in the order asked.
private final class NumberingScopes: FolderScopes {
    let fileName = ".scopes"
    private(set) var started: [String] = []
    func scope(enclosing folder: String) -> Int { 0 }
    func scope(startedIn folder: String) -> Int {
        started.append(folder)
        return started.count
    }
    func filter(_ scope: Int) -> PathFilter? { nil }
}

/// A small deterministic generator, so the tree is the same in every run.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
