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
        XCTAssertEqual(try Options.parse(["lsp", "--help"]).action, .help)
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
