import XCTest
import KeychainLintCLI

/// `keychain-lint lsp [options]`: the lint options that choose what is found are taken; paths and
/// output options are refused with a usage error naming what `lsp` takes.
final class LanguageServerOptionsTests: XCTestCase {
    func testTakesTheOptionsThatChooseWhatIsFound() throws {
        let options = try Options.parse(["lsp", "--platform", "ios", "--config=ci/kl.json", "--only", "deprecated-accessibility",
                                         "--baseline", "b.json", "--disable", "identity-add", "--enable", "certificate-application-tag"])
        XCTAssertEqual(options.action, .languageServer)
        XCTAssertEqual(options.configPath, "ci/kl.json")
        XCTAssertEqual(options.baselinePath, "b.json")
        XCTAssertEqual(options.rules.only, ["deprecated-accessibility"])
        XCTAssertNotNil(options.platforms)
        XCTAssertEqual(try Options.parse(["lsp"]).action, .languageServer)
        XCTAssertEqual(try Options.parse(["lsp", "--help"]).action, .languageServerHelp)
        XCTAssertEqual(try Options.parse(["lsp", "--platform", "ios", "-h"]).action, .languageServerHelp)
    }

    /// `lsp --help` describes the server (stdio, how an editor starts it, the options it takes),
    /// not the lint run's options and formats.
    func testHelpDescribesTheServer() throws {
        let project = try TempProject("lsp-help")
        let run = project.run(["lsp", "--help"])
        XCTAssertEqual(run.code, 0)
        XCTAssertEqual(run.err, "")
        XCTAssertEqual(run.out, Options.languageServerUsage)
        XCTAssertNotEqual(run.out, Options.usage)
        XCTAssertTrue(run.out.hasPrefix("OVERVIEW: A language server"), run.out)
        for text in ["USAGE: keychain-lint lsp [options]", "stdin", "stdout", "cmd = { \"keychain-lint\", \"lsp\" }",
                     "KEYCHAIN_LINT_LSP_DEBOUNCE_MS", "docs/EDITORS.md"] {
            XCTAssertTrue(run.out.contains(text), text)
        }
        for option in Options.languageServerOptionNames {
            XCTAssertTrue(run.out.contains("  \(option) <"), "lsp --help lists \(option)")
        }
        for lintOnly in ["--format", "--fix", "--write-baseline", "FORMATS:"] {
            XCTAssertFalse(run.out.contains(lintOnly), "lsp --help does not list \(lintOnly)")
        }
        XCTAssertEqual(project.run(["lsp", "--only", "identity-add", "-h"]).out, run.out)
    }

    func testRefusesPathsAndOutputOptions() {
        let cases: [([String], String)] = [
            (["lsp", "Sources"], "'lsp' takes no argument; unexpected 'Sources'"),
            (["lsp", "--format", "json"],
             "'lsp' takes only --config, --platform, --enable, --disable, --only and --baseline; unexpected '--format'"),
            (["lsp", "--write-baseline=x"],
             "'lsp' takes only --config, --platform, --enable, --disable, --only and --baseline; unexpected '--write-baseline=x'"),
            (["lsp", "--platform"], "option '--platform' needs a value"),
            (["lsp", "--platform", "amiga"], "unknown platform 'amiga'"),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try Options.parse(arguments), "\(arguments)") { error in
                XCTAssertTrue("\(error)".hasPrefix(message), "\(arguments): \(error)")
            }
        }
    }
}
