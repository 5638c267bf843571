import XCTest
import KeychainLintModel
@testable import KeychainLintRules
import KeychainLintSyntax

/// `access-group-team-id` finds build variables in strings from a byte search; it must report
/// exactly what tracking the open strings over every token reports.
final class BuildVariableTests: XCTestCase {
    private let sources = [
        #"let g = "$(AppIdentifierPrefix)com.example.shared""#,
        "let g = \"\"\"\n    $(TeamIdentifierPrefix)com.example\n    \"\"\"\n",
        "let g = #\"\"\"\n  \t$(AppIdentifierPrefix)x\n  \"\"\"#\n",
        #"let g = "\(team)$(AppIdentifierPrefix)x", h = "$(AppIdentifierPrefix)y""#,
        #"let g = "a\("$(TeamIdentifierPrefix)b")$(AppIdentifierPrefix)c""#,
        #"let help = "Write $(AppIdentifierPrefix) in the entitlements, not here""#,
        "// \"$(AppIdentifierPrefix)x\"\n/* \"$(TeamIdentifierPrefix)\" */ let x = 1\n",
        "let g = \"$(AppIdentifierPrefix)\u{301}x\"\n",
        #"let a = "$(AppIdentifierPrefix"; let b = "$($(TeamIdentifierPrefix)"; let c = "$$(AppIdentifierPrefix)""#,
        #"let g = "$(AppIdentifierPrefix)a$(TeamIdentifierPrefix)b" + "$(TeamIdentifierPrefix)""#,
        "let g = \"$(AppIdentifierPrefix)",
        "#if os(iOS)\nlet g = \"$(AppIdentifierPrefix)x\"\n#endif\n",
        "",
    ]

    private func file(_ text: String) -> KeychainFile {
        KeychainFile(source: SourceFile(path: "t.swift", text: text), platforms: .all)
    }

    func testByteSearchReportsWhatTrackingStringsReports() {
        var reported = 0
        for text in sources {
            let f = file(text)
            var fast = FindingCollector()
            var walked = FindingCollector()
            AccessGroupTeamID().reportBuildVariables(in: f, into: &fast)
            AccessGroupTeamID().reportBuildVariablesTrackingStrings(in: f, into: &walked)
            XCTAssertEqual(fast.raw, walked.raw, text)
            reported += fast.raw.count
        }
        XCTAssertEqual(reported, 11)
    }

    func testSegmentsHoldingBuildVariables() {
        let f = file(#"let a = "x", b = "$(AppIdentifierPrefix)y" // "$(TeamIdentifierPrefix)""#)
        let segments = AccessGroupTeamID.segmentsHoldingBuildVariables(f)
        XCTAssertEqual(segments.count, 1)
        XCTAssertEqual(segments.map { f.code.kind($0) }, [.stringSegment])
        XCTAssertEqual(segments.map { f.source.text(f.code.tokens[$0]) }, ["$(AppIdentifierPrefix)y"])
        XCTAssertEqual(AccessGroupTeamID.segmentsHoldingBuildVariables(file("let a = \"$0\"")), [])
    }
}
