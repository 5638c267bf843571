import KeychainLintProject
import KeychainLint
import KeychainLintReporters

/// Findings accepted as they are: `--write-baseline PATH` records them, `--baseline PATH` hides
/// them so that only new findings are reported.
///
/// An entry is keyed on the rule id, the file's path relative to the baseline file's folder, and
/// the normalised text of the offending line (`LineText`), never its number, so an entry survives
/// edits above it and re-indentation. Each key has a count: the baseline is a multiset, and a
/// third copy of a line recorded twice is reported. The file is pretty JSON with sorted keys and
/// sorted entries, so it diffs well and rewriting it without changes changes nothing.
struct Baseline: Equatable {
    struct Key: Hashable, Comparable {
        var file: String
        var rule: String
        var text: String

        static func < (a: Key, b: Key) -> Bool {
            if a.file != b.file { return a.file.utf8.lexicographicallyPrecedes(b.file.utf8) }
            if a.rule != b.rule { return a.rule.utf8.lexicographicallyPrecedes(b.rule.utf8) }
            return a.text.utf8.lexicographicallyPrecedes(b.text.utf8)
        }
    }

    static let version = 1
    var counts: [Key: Int] = [:]

    /// How findings map to keys for a baseline file in `folder` (absolute).
    struct Keying {
        var folder: String
        /// Absolute, normalised path of a finding's file, from the path the finding shows.
        var absolutePath: (String) -> String

        func key(_ finding: Finding, in result: LintResult) -> Key {
            Key(file: Paths.relative(absolutePath(finding.path), from: folder), rule: finding.ruleID,
                text: result.lineText(of: finding) ?? "")
        }
    }

    init(recording findings: [Finding], of result: LintResult, keying: Keying) {
        for f in findings { counts[keying.key(f, in: result), default: 0] += 1 }
    }

    private init() {}

    /// The findings the baseline does not cover, in their order, and how many it hid.
    /// Identical findings beyond an entry's count are reported: the first ones in output order are hidden.
    func filter(_ result: LintResult, keying: Keying) -> (kept: [Finding], hidden: Int) {
        var left = counts
        var kept: [Finding] = []
        for f in result.findings {
            let key = keying.key(f, in: result)
            if let n = left[key], n > 0 {
                left[key] = n - 1
            } else {
                kept.append(f)
            }
        }
        return (kept, result.findings.count - kept.count)
    }

    var findingCount: Int { counts.values.reduce(0, +) }

    /// Two-space indented JSON, keys in alphabetical order, entries sorted by file, rule, text.
    func rendered() -> String {
        let entries = counts.keys.sorted().map { key in
            "    {\n      \"count\": \(counts[key]!),\n      \"file\": \(JSONWriter.quoted(key.file)),\n"
                + "      \"rule\": \(JSONWriter.quoted(key.rule)),\n      \"text\": \(JSONWriter.quoted(key.text))\n    }"
        }
        let list = entries.isEmpty ? "[]" : "[\n" + entries.joined(separator: ",\n") + "\n  ]"
        return "{\n  \"findings\": \(list),\n  \"version\": \(Self.version)\n}\n"
    }

    static func parse(_ bytes: [UInt8], path: String) throws(JSONFileError) -> Baseline {
        func error(_ offset: Int?, _ message: String) -> JSONFileError {
            JSONFileError(path: path, bytes: bytes, offset: offset, message)
        }
        let (root, members) = try JSONFileError.objectMembers(bytes, path: path, malformed: "malformed baseline", what: "a baseline")
        var baseline = Baseline()
        var sawVersion = false, sawFindings = false
        for member in members {
            switch member.key {
            case "version":
                guard case .number(let v) = member.value.kind, v == Double(version) else {
                    throw error(member.value.offset, "unsupported baseline version (this keychain-lint reads version \(version))")
                }
                sawVersion = true
            case "findings":
                guard case .array(let items) = member.value.kind else { throw error(member.value.offset, "'findings' must be an array") }
                for item in items {
                    let (key, count) = try entry(item, error: error)
                    baseline.counts[key, default: 0] += count
                }
                sawFindings = true
            default:
                throw error(member.keyOffset, "unknown key '\(member.key)' in a baseline (expected findings, version)")
            }
        }
        guard sawVersion else { throw error(root.offset, "a baseline needs a 'version'") }
        guard sawFindings else { throw error(root.offset, "a baseline needs 'findings'") }
        return baseline
    }

    private static func entry(_ item: JSONValue, error: (Int?, String) -> JSONFileError) throws(JSONFileError) -> (Key, Int) {
        guard case .object(let fields) = item.kind else { throw error(item.offset, "a baseline entry must be an object, got \(item.typeName)") }
        var strings: [String: String] = [:]
        var count: Int?
        for field in fields {
            switch (field.key, field.value.kind) {
            case ("file", .string(let s)), ("rule", .string(let s)), ("text", .string(let s)):
                strings[field.key] = s
            case ("count", .number(let n)):
                guard n >= 1, n <= 1e9, n == n.rounded() else { throw error(field.value.offset, "'count' must be a whole number of at least 1") }
                count = Int(n)
            case ("file", _), ("rule", _), ("text", _), ("count", _):
                throw error(field.value.offset, "'\(field.key)' must be \(field.key == "count" ? "a number" : "a string")")
            default:
                throw error(field.keyOffset, "unknown key '\(field.key)' in a baseline entry (expected count, file, rule, text)")
            }
        }
        guard let file = strings["file"], let rule = strings["rule"], let text = strings["text"], let count else {
            throw error(item.offset, "a baseline entry needs count, file, rule and text")
        }
        return (Key(file: file, rule: rule, text: text), count)
    }
}
