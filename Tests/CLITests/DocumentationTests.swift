import Foundation
import XCTest
import KeychainLintCLI
import KeychainLint
import KeychainLintReporters

/// The README and the pages under docs/ are cut into a short guide and full references that link to
/// each other; these tests keep the links working and the references complete as the code changes.
final class DocumentationTests: XCTestCase {
    private let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// README.md, CHANGELOG.md, every page under docs/ and every rule page, as repository paths.
    private func markdownFiles() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: repository + "/docs").filter { $0.hasSuffix(".md") }
        let rules = try FileManager.default.contentsOfDirectory(atPath: repository + "/rules").filter { $0.hasSuffix(".md") }
        XCTAssertFalse(docs.isEmpty)
        return ["README.md", "CHANGELOG.md"] + docs.sorted().map { "docs/" + $0 } + rules.sorted().map { "rules/" + $0 }
    }

    private func read(_ path: String) throws -> String {
        try String(contentsOfFile: repository + "/" + path, encoding: .utf8)
    }

    func testEveryRelativeLinkPointsAtAnExistingFileAndHeading() throws {
        var checked = 0
        for file in try markdownFiles() {
            let problems = MarkdownLinks.brokenLinks(in: file, root: repository)
            XCTAssertEqual(problems, [], file)
            checked += MarkdownLinks.links(in: try read(file)).count
        }
        XCTAssertGreaterThan(checked, 50, "the links were found at all")
    }

    /// Every page in docs/ is reachable from the README through relative links, so none is orphaned
    /// when a section moves.
    func testEveryDocsPageIsReachableFromTheReadme() throws {
        var reached: Set<String> = ["README.md"], queue = ["README.md"]
        while let file = queue.popLast() {
            for link in MarkdownLinks.links(in: try read(file)) {
                guard let target = MarkdownLinks.resolve(link.target, from: file), target.hasSuffix(".md"),
                      !reached.contains(target), FileManager.default.fileExists(atPath: repository + "/" + target) else { continue }
                reached.insert(target)
                queue.append(target)
            }
        }
        let pages = try markdownFiles().filter { $0.hasPrefix("docs/") }
        XCTAssertGreaterThan(pages.count, 3, "the docs pages were found, so the loop below checks them")
        for page in pages {
            XCTAssertTrue(reached.contains(page), "\(page) is not linked from README.md or a page it links")
        }
    }

    /// Every option and environment variable `--help` lists has a row in docs/USAGE.md's option
    /// table, and the table has no row for an option the tool does not have.
    func testUsageReferenceListsEveryOption() throws {
        let usage = try read("docs/USAGE.md")
        let helpOptions = Set(Self.matches(of: #"(?<![\w-])(--[a-z][a-z-]*|-[hq])\b"#, in: Options.usage))
        XCTAssertTrue(helpOptions.isSuperset(of: ["--format", "--fix", "--stdin-filename", "-q", "-h"]), "\(helpOptions)")
        let firstCells = usage.split(separator: "\n").filter { $0.hasPrefix("| `") }.compactMap { row in
            row.dropFirst(2).components(separatedBy: " | ").first
        }
        let documented = Set(firstCells.flatMap { Self.matches(of: #"`(--?[a-z][a-z-]*)"#, in: $0, group: 1) })
        XCTAssertEqual(helpOptions.subtracting(documented).sorted(), [], "options --help lists that docs/USAGE.md's table does not")
        XCTAssertEqual(documented.subtracting(helpOptions).sorted(), [], "options in docs/USAGE.md's table that --help does not list")
        for variable in Set(Self.matches(of: #"KEYCHAIN_LINT_[A-Z_]+"#, in: Options.usage)).sorted() {
            XCTAssertTrue(firstCells.contains { $0.hasPrefix("`\(variable)") }, "docs/USAGE.md's table has no row for \(variable)")
        }
    }

    /// The README's short format table and the reference's full one each have a row per format.
    func testFormatTablesHaveEveryFormat() throws {
        for page in ["README.md", "docs/USAGE.md"] {
            let text = try read(page)
            for format in ReporterRegistry.all.map({ $0.name }) {
                XCTAssertTrue(text.contains("\n| `\(format)` | "), "\(page) has no row for the \(format) format")
            }
        }
    }

    /// The configuration shown in the README and at the top of docs/CONFIGURATION.md is one a run accepts.
    func testConfigurationExamplesAreValid() throws {
        for (page, heading) in [("README.md", "## Configuration"), ("docs/CONFIGURATION.md", "## The configuration file")] {
            let text = try read(page)
            let example = try XCTUnwrap(MarkdownLinks.firstCodeBlock("json", after: heading, in: text), "\(page): no example")
            let project = try TempProject("docs-config")
            project.write(".keychain-lint.json", example)
            project.write("A.swift", "func clean() {}\n")
            let run = project.run(["-q", "."])
            XCTAssertEqual(run.code, 0, "\(page): \(run.err)")
            XCTAssertEqual(run.err, "", page)
        }
    }

    /// While the version the recipes name is not tagged in this clone, the README says so, and each
    /// route that needs the release says what to use until then (in its own section: a reader who
    /// jumps to the pre-commit recipe sees it there).
    func testReleaseRoutesSayTheyNeedARelease() throws {
        let readme = try read("README.md")
        let version = ToolInfo.version
        for recipe in ["mint install keychain-lint/keychain-lint@v\(version)", "releases/download/v\(version)/",
                       "uses: keychain-lint/keychain-lint@v\(version)", "rev: v\(version)", "from: \"\(version)\")"] {
            let start = try XCTUnwrap(readme.range(of: recipe), recipe).upperBound
            let section = readme[start...].components(separatedBy: "\n#").first ?? ""
            XCTAssertTrue(section.contains("until"), "README: after \(recipe), what to use until the release exists")
        }
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", repository, "tag", "--list", "v\(version)"]
        let pipe = Pipe()
        git.standardOutput = pipe
        try git.run()
        let tags = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        git.waitUntilExit()
        guard tags.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
        XCTAssertTrue(readme.contains("**No release is published yet.** `v\(version)`"), "README must not pretend v\(version) is released")
        for alternative in ["mint install keychain-lint/keychain-lint@main", "keychain-lint/keychain-lint@<commit SHA>",
                            "commit SHA of `main` as `rev`", "`branch: \"main\"`"] {
            XCTAssertTrue(readme.contains(alternative), "README: \(alternative)")
        }
    }

    /// Set-up for contributors sits under Contributing, and its commands hold: a clone, a run of the
    /// linter on the example files that finds their planted errors (exit 1), and the test suite.
    func testContributingHoldsTheSetUpAndItsRunFindsTheExamples() throws {
        let readme = try read("README.md")
        let contributing = try XCTUnwrap(readme.components(separatedBy: "\n## Contributing\n").dropFirst().first)
            .components(separatedBy: "\n## ").first ?? ""
        let block = try XCTUnwrap(MarkdownLinks.firstCodeBlock("sh", after: "## Contributing", in: "## Contributing\n" + contributing),
                                  "a set-up block under Contributing")
        let commands = block.split(separator: "\n").map { $0.components(separatedBy: "#").first!.trimmingCharacters(in: .whitespaces) }
        XCTAssertTrue(commands.contains { $0.hasPrefix("git clone https://github.com/keychain-lint/keychain-lint.git") }, block)
        XCTAssertTrue(commands.contains("swift test"), block)
        let run = try XCTUnwrap(commands.first { $0.hasPrefix("swift run -c release keychain-lint ") }, block)
        let paths = run.split(separator: " ").dropFirst(5).map(String.init)
        XCTAssertEqual(paths, ["Fixtures/"])
        let out = BufferSink(), err = BufferSink()
        let code = CommandLineTool.run(arguments: paths, rules: Linter.defaultRules, workingDirectory: repository, stdout: out, stderr: err)
        XCTAssertEqual(code, 1, "the examples hold errors on purpose: \(err.text)")
        XCTAssertTrue(out.text.contains(": error: "), "the run prints findings")
        XCTAssertFalse(readme.contains("\n## Set-up\n"), "set-up is for contributors, under Contributing")
    }

    // MARK: the checker itself, on text where the answer is known

    func testCheckerFindsABrokenFileAndAMissingHeading() throws {
        let project = try TempProject("docs-links")
        project.write("docs/A.md", "# A page\n\n## Its part\n")
        project.write("README.md", """
            # Title
            [ok](docs/A.md) [part](docs/A.md#its-part) [self](#title) [web](https://example.com/x.md)
            [gone](docs/B.md) [no part](docs/A.md#elsewhere) [no self](#nothing)
            `[in code](docs/C.md)`
            ```
            [in a block](docs/D.md)
            # not a heading
            ```
            [heading in a block](#not-a-heading)
            """)
        XCTAssertEqual(MarkdownLinks.brokenLinks(in: "README.md", root: project.root), [
            "README.md:3: docs/B.md does not exist",
            "README.md:3: docs/A.md has no heading #elsewhere",
            "README.md:3: README.md has no heading #nothing",
            "README.md:9: README.md has no heading #not-a-heading",
        ])
    }

    func testHeadingsBecomeGitHubAnchors() {
        let text = "# keychain-lint\n## CI, pre-commit and Xcode\n### `--fix` and `--diff`\n## Neovim 0.7\n## Usage\n## Usage\n"
        XCTAssertEqual(MarkdownLinks.anchors(in: text),
                       ["keychain-lint", "ci-pre-commit-and-xcode", "--fix-and---diff", "neovim-07", "usage", "usage-1"])
    }

    private static func matches(of pattern: String, in text: String, group: Int = 0) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: group), in: text)!])
        }
    }
}
