import Foundation
import PackagePlugin

/// `swift package keychain-lint-fix [--target NAME]... [keychain-lint options]`: `keychain-lint --fix`
/// on the folders of the package's Swift targets (or the named ones), from the package's folder, as
/// `swift package keychain-lint` lints them; other arguments (`--unsafe-fixes`, `--only`, …) pass
/// through. Fixing rewrites the package's Swift files, so the plugin declares the permission to
/// write to the package directory (Package.swift): SwiftPM asks for it on a terminal before the
/// plugin runs, and elsewhere refuses to run it without `--allow-writing-to-package-directory`.
/// The command fails when keychain-lint exits non-zero (an error-severity finding left).
@main
struct KeychainLintFixPlugin: CommandPlugin {
    enum Failure: Error, CustomStringConvertible {
        case exited(Int32)
        case noSwiftTargets

        var description: String {
            switch self {
            case .exited(let status): return "keychain-lint --fix exited with status \(status)"
            case .noSwiftTargets: return "no Swift source targets to fix"
            }
        }
    }

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
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
        process.arguments = ["--fix"] + extractor.remainingArguments + ["--"] + folders
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failure.exited(process.terminationStatus)
        }
    }
}
