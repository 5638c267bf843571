import KeychainLint
import KeychainLintProject

/// Identities for findings that survive edits above them, for the formats whose consumers track
/// findings across commits (SARIF's `partialFingerprints`, Code Quality's `fingerprint`): the
/// rule, the file and the normalised text of the line (`LineText`), not its number, plus how many
/// earlier findings had the same key, so identical lines stay apart. Without the line's text the
/// message stands in for it.
package struct Fingerprints {
    private var occurrences: [String: Int] = [:]

    package init() {}

    /// The next finding's fingerprint, `location` being the file as the format names it. Call in
    /// output order: the occurrence count depends on the findings before.
    package mutating func next(_ finding: Finding, location: String, lineText: String?) -> String {
        let key = "\(finding.ruleID)|\(location)|" + (lineText.map { "text:" + $0 } ?? "message:" + finding.message)
        let n = occurrences[key, default: 0]
        occurrences[key] = n + 1
        return Self.hash("\(key)|\(n)")
    }

    /// FNV-1a, 64 bits, as 16 hex digits: stable across runs and platforms, unlike `Hasher`.
    static func hash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in text.utf8 {
            hash ^= UInt64(b)
            hash = hash &* 0x100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// Where a report puts a finding's file, relative to the source root when it lies inside it.
package enum ReportPath {
    /// The root-relative path, or, without a root, the path as written less any leading `./`;
    /// `nil` for a file outside the root.
    package static func relative(_ path: String, root: SourceRoot?) -> String? {
        if let root { return root.relativePath(of: path) }
        var p = Substring(path)
        while p.hasPrefix("./") { p = p.dropFirst(2) }
        return String(p)
    }

    /// The path for a report that wants repository-relative paths and takes anything else as is:
    /// root-relative when inside, else absolute (normalised) when a root is known.
    package static func repositoryRelative(_ path: String, root: SourceRoot?) -> String {
        if let relative = relative(path, root: root) { return relative }
        return root.map { Paths.absolute(path, base: $0.workingDirectory) } ?? path
    }
}
