import Foundation
import PackagePlugin

/// Build-tool plugin: applied to a target (`plugins: [.plugin(name: "KeychainLintBuildPlugin",
/// package: "keychain-lint")]`), it lints the target's Swift files as part of `swift build` and
/// Xcode builds. Findings print in the compiler's `path:line:column: warning: message` form, which
/// both show as build warnings and errors, and an error finding fails the build (status 1).
///
/// One build command per target, run by the `keychain-lint` tool, which SwiftPM builds once for the
/// host however many targets use the plugin. The target's Swift files are named on the command
/// line, and keychain-lint reads the nearest `.keychain-lint.json` at or above each one, as a run from
/// the command line does: one in the target's folder (or a folder inside it) governs its files over
/// the package's. Those files and every configuration file the look-up can reach are the command's
/// inputs and a stamp file its output, so the build system reruns it only when one of them changed;
/// the stamp is written only by a run without error, so a failing target is linted (and fails)
/// again on the next build.
@main
struct KeychainLintBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let sources = target.sourceFiles(withSuffix: "swift").map(\.path)
        return try Self.commands(tool: context.tool(named: "keychain-lint").path, sources: sources,
                                 workDirectory: context.pluginWorkDirectory, targetName: target.name)
    }

    /// The build command for one target's sources; none for a target without Swift files.
    static func commands(tool: Path, sources: [Path], workDirectory: Path, targetName: String) -> [Command] {
        guard !sources.isEmpty else { return [] }
        // A Swift file: the one kind of output SwiftPM takes without making it a resource. It holds
        // a comment, and its name is unlikely to collide with a file of the target.
        let stamp = workDirectory.appending("keychain-lint-build-stamp.swift")
        // No `--config`: it would make one file govern every source and hide a nearer one.
        // `--force-exclude`: the configuration's include/exclude apply to the files named here.
        let arguments = ["--force-exclude", "--build-stamp", stamp.string, "--"] + sources.map(\.string)
        return [.buildCommand(displayName: "keychain-lint \(targetName)", executable: tool, arguments: arguments,
                              inputFiles: sources + configurationFiles(above: sources), outputFiles: [stamp])]
    }

    /// Every `.keychain-lint.json` in the folder of a source or a folder above it: the files the
    /// look-up for the nearest one may read, so that adding to or editing any of them relints.
    static func configurationFiles(above sources: [Path]) -> [Path] {
        var visited = Set<String>()
        var found: [Path] = []
        for source in sources {
            var folder = (source.string as NSString).deletingLastPathComponent
            while visited.insert(folder).inserted {
                let config = (folder as NSString).appendingPathComponent(".keychain-lint.json")
                if FileManager.default.fileExists(atPath: config) { found.append(Path(config)) }
                let parent = (folder as NSString).deletingLastPathComponent
                if parent == folder || parent.isEmpty { break }
                folder = parent
            }
        }
        return found
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same command for a target of an Xcode project (Build Phases → Run Build Tool Plug-ins).
extension KeychainLintBuildPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let sources = target.inputFiles.filter { $0.type == .source && $0.path.extension == "swift" }.map(\.path)
        return try Self.commands(tool: context.tool(named: "keychain-lint").path, sources: sources,
                                 workDirectory: context.pluginWorkDirectory, targetName: target.displayName)
    }
}
#endif
