import Foundation
import XCTest
import KeychainLint
import KeychainLintFuzzChecks
@testable import KeychainLintReporters

/// Every input the fuzzer (`.ci/fuzz`) ever crashed on is kept in `Fuzz/Regressions/` and replayed
/// here through the same invariants, so a fixed bug stays fixed without the sanitizer build.
final class FuzzRegressionTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    private func files(under folder: String) throws -> [String] {
        let base = root + "/" + folder
        let walker = try XCTUnwrap(FileManager.default.enumerator(atPath: base))
        return walker.compactMap { $0 as? String }.map { base + "/" + $0 }
            .filter { var isDir: ObjCBool = false; return FileManager.default.fileExists(atPath: $0, isDirectory: &isDir) && !isDir.boolValue }
            .sorted()
    }

    func testSavedCrashingInputsKeepEveryInvariant() throws {
        let inputs = try files(under: "Fuzz/Regressions")
        XCTAssertFalse(inputs.isEmpty, "the regression folder is missing")
        for path in inputs {
            let bytes = [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: path)))
            XCTAssertEqual(PipelineInvariants.violations(bytes), [], path)
        }
    }

    /// The fuzzer's seeds are the fixtures; they must pass before it mutates them.
    func testFixturesKeepEveryInvariant() throws {
        let fixtures = try files(under: "Fixtures")
        XCTAssertGreaterThan(fixtures.count, 50, "the fixtures were found, so the loop below checks them")
        for path in fixtures {
            let bytes = [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: path)))
            XCTAssertEqual(PipelineInvariants.violations(bytes), [], path)
        }
    }

    /// The invariant checks themselves must be able to fail.
    func testTheChecksCatchBrokenOutput() {
        XCTAssertFalse(PipelineInvariants.tokenCoverage([1, 2, 3], []).isEmpty)
        for broken in ["<a><b></a>", "<a>", "<a>&</a>", "<a/><b/>", "text"] {
            XCTAssertNotNil(PipelineInvariants.xmlError(broken), broken)
        }
        XCTAssertNil(PipelineInvariants.xmlError("<?xml version=\"1.0\"?><a><b x=\"&amp;\"/></a>"))
        let broken = Finding(ruleID: "x", severity: .error, message: "m", path: "p", line: 99, column: 1)
        XCTAssertFalse(PipelineInvariants.locations([broken], in: Array("one line\n".utf8), what: "swift").isEmpty)
        let pastItsLine = Finding(ruleID: "x", severity: .error, message: "m", path: "p", line: 1, column: 1,
                                  end: SourcePosition(line: 1, column: 40, utf16Column: 40))
        XCTAssertFalse(PipelineInvariants.locations([pastItsLine], in: Array("one line\n".utf8), what: "swift").isEmpty)
        let endsBeforeItStarts = Finding(ruleID: "x", severity: .error, message: "m", path: "p", line: 1, column: 5,
                                         end: SourcePosition(line: 1, column: 2, utf16Column: 2))
        XCTAssertFalse(PipelineInvariants.locations([endsBeforeItStarts], in: Array("one line\n".utf8), what: "swift").isEmpty)
        let word = Finding(ruleID: "x", severity: .error, message: "m", path: "p", line: 1, column: 5,
                           end: SourcePosition(line: 1, column: 9, utf16Column: 9))
        XCTAssertEqual(PipelineInvariants.locations([word], in: Array("one line\n".utf8), what: "swift"), [])
    }

    func testGitHubEscapesACarriageReturnLineFeedPair() {
        // "\r\n" is one Character: escaping per Character let it through as a real line break.
        XCTAssertEqual(GitHubReporter.data("a\r\nb"), "a%0D%0Ab")
        XCTAssertEqual(GitHubReporter.property("x\r\ny"), "x%0D%0Ay")
    }
}
