import Foundation
import KeychainLint
import KeychainLintTestSupport

/// What the engine reports for a scratch package of `files` (`ScratchFolder.package`), linted
/// from its root with only `rule`: one `File.swift:line` per finding, sorted. The project tests
/// that compare whole outputs across files share it.
func scratchProjectFindings(_ name: String, platforms: String, files: [String: String], rule: String,
                            exhaustive: Bool = false) throws -> [String] {
    let folder = try ScratchFolder.package(name, platforms: platforms, files: files)
    let configuration = LintConfiguration(rules: [rule], exhaustive: exhaustive, workingDirectory: folder.root)
    let engine = try LintEngine(configuration: configuration)
    return engine.lint(["."]).findings.map { "\(($0.path as NSString).lastPathComponent):\($0.line)" }.sorted()
}
