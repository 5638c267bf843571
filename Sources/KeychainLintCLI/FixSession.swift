import KeychainLint
import KeychainLintProject

/// One file `--fix` changed: its text before and after, and how many findings of each rule went.
struct FileChange {
    var path: String
    var fileSystemPath: String
    var before: [UInt8]
    var after: [UInt8]
    var fixed: [String: Int] = [:]
    var count: Int { fixed.values.reduce(0, +) }
}

/// The text of the files `--fix` is changing, kept in memory between rounds of lint-and-fix so
/// that nothing is written until the last round, and each round lints the text the one before left
/// (as overlays: the engine reads them instead of the files).
struct FixSession {
    private(set) var buffers: [String: [UInt8]]
    let workingDirectory: String?
    private var changes: [String: FileChange] = [:]
    /// What the last round changed, by overlay key: the text before it, what it fixed, and how
    /// many findings the file had then.
    private var lastRound: [String: (before: [UInt8], fixed: [String: Int], findings: Int)] = [:]
    /// Files whose fixes did not lower their findings: left as they were before that round.
    private var stuck: Set<String> = []
    /// Whether unsafe fixes are applied too (`--unsafe-fixes`).
    let includesUnsafe: Bool

    init(overlays: [String: [UInt8]], workingDirectory: String?, includesUnsafe: Bool) {
        buffers = overlays
        self.workingDirectory = workingDirectory
        self.includesUnsafe = includesUnsafe
    }

    /// Whether this session applies `fix`.
    func applies(_ fix: Fix?) -> Bool {
        guard let fix else { return false }
        return includesUnsafe || fix.applicability == .safe
    }

    /// The files changed, in path order.
    var fileChanges: [FileChange] {
        changes.values.filter { $0.before != $0.after }.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// Undoes the last round in files where it did not lower the number of findings, as a fix that
    /// leaves its finding would be applied again every round. True when something was undone.
    mutating func undoUnhelpfulRound(given result: LintResult) -> Bool {
        let counts = Dictionary(grouping: result.findings, by: \.path).mapValues(\.count)
        var undone = false
        for (key, round) in lastRound where counts[changes[key]!.path, default: 0] >= round.findings {
            buffers[key] = round.before
            changes[key]!.after = round.before
            changes[key]!.fixed.merge(round.fixed.mapValues { -$0 }, uniquingKeysWith: +)
            changes[key]!.fixed = changes[key]!.fixed.filter { $0.value > 0 }
            stuck.insert(key)
            undone = true
        }
        lastRound = [:]
        return undone
    }

    /// Applies every fix of `result` that fits (`Fix.applyAll`), only in `onlyPath` when given.
    /// True when some file changed.
    mutating func applyRound(_ result: LintResult, onlyPath: String?) -> Bool {
        let byPath = Dictionary(grouping: result.findings, by: \.path)
        for path in byPath.keys.sorted() where onlyPath == nil || path == onlyPath {
            let key = FileDiscovery.overlayKey(path, workingDirectory: workingDirectory)
            let fixable = byPath[path]!.filter { applies($0.fix) }
            let fsPath = FileDiscovery.fileSystemPath(path, workingDirectory: workingDirectory)
            guard !fixable.isEmpty, !stuck.contains(key),
                  let bytes = buffers[key] ?? (try? FileReader.read(fsPath).get()) else { continue }
            let (after, applied) = Fix.applyAll(fixable.map { $0.fix! }, to: bytes)
            guard after != bytes else { continue }
            var fixed: [String: Int] = [:]
            for index in applied { fixed[fixable[index].ruleID, default: 0] += 1 }
            lastRound[key] = (bytes, fixed, byPath[path]!.count)
            var change = changes[key] ?? FileChange(path: path, fileSystemPath: fsPath, before: bytes, after: bytes)
            change.after = after
            change.fixed.merge(fixed, uniquingKeysWith: +)
            changes[key] = change
            buffers[key] = after
        }
        return !lastRound.isEmpty
    }
}
