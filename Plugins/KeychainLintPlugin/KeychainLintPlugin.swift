import Foundation
import PackagePlugin

/// `swift package keychain-lint [--target NAME]... [keychain-lint options]`: runs the
/// `keychain-lint` executable on the folders of the package's Swift targets (or the named ones),
/// from the package's folder, so the output's paths are relative to it and the package's
/// `.keychain-lint.json` is found. Every other argument is passed through unchanged.
///
/// It reads the sources and asks for no permission, so it runs unattended in CI. `--fix` rewrites
/// files, which needs SwiftPM's permission to write to the package directory: it is refused here
/// and done by `swift package keychain-lint-fix` (KeychainLintFixPlugin), for which SwiftPM asks.
/// The command fails when keychain-lint exits non-zero (an error-severity finding, or a usage
/// error), so a CI step can rely on it.
@main
struct KeychainLintPlugin: CommandPlugin {
    enum Failure: Error, CustomStringConvertible {
        case exited(Int32)
        case noSwiftTargets
        case fixWritesThePackage

        var description: String {
            switch self {
            case .exited(let status): return "keychain-lint exited with status \(status)"
            case .noSwiftTargets: return "no Swift source targets to lint"
            case .fixWritesThePackage:
                return "--fix rewrites the package's files, which this command may not do: run "
                    + "'swift package keychain-lint-fix' (SwiftPM asks for permission to write to the package directory; "
                    + "--allow-writing-to-package-directory grants it without asking)"
            }
        }
    }

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let options = extractor.remainingArguments.prefix { $0 != "--" }
        if options.contains("--fix") { throw Failure.fixWritesThePackage }
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        let package = context.package.directory.string
        let folders = targets.compactMap { $0 as? SwiftSourceModuleTarget }.map { target -> String in
            let folder = target.directory.string
            return folder.hasPrefix(package + "/") ? String(folder.dropFirst(package.count + 1)) : folder
        }
        guard !folders.isEmpty else { throw Failure.noSwiftTargets }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: try context.tool(named: "keychain-lint").path.string)
        process.currentDirectoryURL = URL(fileURLWithPath: package)
        process.arguments = extractor.remainingArguments + ["--"] + folders
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failure.exited(process.terminationStatus)
        }
    }
}
