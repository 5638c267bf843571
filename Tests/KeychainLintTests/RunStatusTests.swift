import Foundation
import XCTest
@testable import KeychainLint
@testable import KeychainLintCLI

/// What a run says on stderr and how it exits when it lints nothing, when a file the user named
/// cannot be linted, and with `--strict`, `--strict-files` and `--quiet`.
final class RunStatusTests: XCTestCase {
    private var project: TempProject!

    override func setUpWithError() throws { project = try TempProject("status") }
    override func tearDown() { project = nil }

    /// stderr without the summary's time, which varies.
    private func stable(_ err: String) -> String {
        err.replacingOccurrences(of: #"in \d+\.\d\d s"#, with: "in T s", options: .regularExpression)
    }

    // MARK: files the user named

    func testANamedFileThatIsNotUTF8IsAnErrorAndAFoundOneAWarning() {
        project.write("Good.swift", "let x = 1\n")
        try! Data([0x6C, 0x65, 0x74, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: project.root + "/Bad.swift"))
        let named = project.run(["Good.swift", "Bad.swift"])
        XCTAssertEqual(named.code, 2)
        XCTAssertTrue(named.err.hasPrefix("keychain-lint: error: not valid UTF-8: Bad.swift\n"), named.err)
        let found = project.run(["."])
        XCTAssertEqual(found.code, 0)
        XCTAssertTrue(found.err.hasPrefix("keychain-lint: warning: skipping ./Bad.swift: not valid UTF-8\n"), found.err)
    }

    func testANamedEntitlementsFileThatCannotBeReadIsAnError() {
        project.write("App/App.entitlements", "<plist><dict><key>keychain-access-groups</key>")
        let named = project.run(["App/App.entitlements"])
        XCTAssertEqual(named.code, 2)
        XCTAssertTrue(named.err.hasPrefix("keychain-lint: error: not a valid property list"), named.err)
        XCTAssertTrue(named.err.contains(": App/App.entitlements\n"), named.err)
        XCTAssertEqual(project.run(["App"]).code, 0, "found while walking: a warning")
    }

    // MARK: one file, two names

    func testAFileNamedTwoWaysIsLintedOnce() {
        project.write("Sources/A.swift", Mistake.file([Mistake.identityAdd()]))
        let r = project.run(["../Sources/A.swift", "./A.swift", "A.swift"], in: "Sources")
        XCTAssertEqual(r.findings, ["../Sources/A.swift:2 identity-add"],
                       "once, under the first name given")
        XCTAssertTrue(r.err.contains("Linted 1 file:"), r.err)
        let walked = project.run(["Sources/A.swift", "./Sources"])
        XCTAssertEqual(walked.findings, ["Sources/A.swift:2 identity-add"],
                       "a named file is not linted again under the folder's spelling")
        XCTAssertEqual(project.run(["./Sources", "Sources/A.swift"]).findings, ["Sources/A.swift:2 identity-add"], "whichever comes first")
    }
}
