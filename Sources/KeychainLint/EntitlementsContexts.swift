import Foundation
import KeychainLintModel
import KeychainLintProject

/// The entitlements each Swift file is compared with: its own project's (the nearest project root
/// above it, `EntitlementsLoader`).
///
/// Loaded on another thread while the first pass reads the Swift files: most files are dropped
/// unread by the prefilter and never ask, and a file that is analysed before the loading ends
/// waits for it. Loading (parsing the plists, expanding build settings, finding each project's
/// root) ran alone between discovery and the first pass, a tenth of a run on real trees.
package final class EntitlementsContexts: @unchecked Sendable {
    private let done = DispatchGroup()
    private let lock = NSLock()
    private var loader: EntitlementsLoader?
    private var result: EntitlementsLoader.Loaded?
    /// By folder as the target spells it: the files of one folder share their project.
    private var byFolder: [Substring: [EntitlementsFile]] = [:]

    /// Starts loading, on another thread when `parallel`.
    package init(_ loader: EntitlementsLoader, linted: [LintTarget], arguments: [String], parallel: Bool) {
        let work = { [self] in
            let loaded = loader.load(linted: linted, arguments: arguments)
            lock.lock()
            (self.loader, result) = (loader, loaded)
            lock.unlock()
        }
        guard parallel else {
            work()
            return
        }
        done.enter()
        nonisolated(unsafe) let job = work
        DispatchQueue.global().async { [done] in
            job()
            done.leave()
        }
    }

    /// Everything loaded: the files and the problems found reading them.
    package var loaded: EntitlementsLoader.Loaded {
        done.wait()
        lock.lock(); defer { lock.unlock() }
        return result!
    }

    /// The entitlements of the project of the Swift file at `path` (as discovery found it).
    package func files(forFileAt path: String) -> [EntitlementsFile] {
        done.wait()
        lock.lock(); defer { lock.unlock() }
        guard let result, !result.byProject.isEmpty, let loader else { return [] }
        let folder = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[..<$0] } ?? ""
        if let known = byFolder[folder] { return known }
        let files = result.byProject[loader.projectRoot(ofFileAt: path) ?? ""] ?? []
        byFolder[folder] = files
        return files
    }
}
