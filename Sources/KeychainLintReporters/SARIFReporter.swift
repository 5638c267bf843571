import KeychainLintSyntax
import KeychainLint
import KeychainLintRules

/// SARIF 2.1.0, the format GitHub code scanning uploads.
package struct SARIFReporter: Reporter {
    package static let name = "sarif"
    package static let summary = "SARIF 2.1.0 (GitHub code scanning)"

    package init() {}

    package func report(_ result: LintResult) -> String {
        var w = JSONWriter()
        w.raw("{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\"runs\":[{")
        w.raw("\"tool\":{\"driver\":{\"name\":\"keychain-lint\",\"version\":\"\(ToolInfo.version)\",\"rules\":[")
        let rules = result.rules
        for (i, rule) in rules.enumerated() {
            if i > 0 { w.raw(",") }
            w.raw("{\"id\":"); w.string(rule.id)
            w.raw(",\"name\":"); w.string(ToolInfo.ruleName(rule.id))
            w.raw(",\"shortDescription\":{\"text\":"); w.string(rule.summary)
            w.raw("},\"fullDescription\":{\"text\":"); w.string(rule.rationale)
            w.raw("},\"help\":{\"text\":"); w.string(rule.howToFix)
            w.raw("},\"helpUri\":"); w.string(ToolInfo.rulePageURI(rule.id))
            w.raw(",\"defaultConfiguration\":{\"level\":"); w.string(rule.severityWhenEnabled.rawValue)
            w.raw("}}")
        }
        w.raw("]}},\"results\":[")
        var occurrences: [String: Int] = [:]
        for (i, f) in result.findings.enumerated() {
            if i > 0 { w.raw(",") }
            // The rule, the file and the line's text, not its number, so the fingerprint survives
            // edits above the finding; the occurrence tells identical lines apart.
            let key = "\(f.ruleID)|\(Self.relativeURI(f.path))|" + (result.lineText(of: f).map { "text:" + $0 } ?? "message:" + f.message)
            let n = occurrences[key, default: 0]
            occurrences[key] = n + 1
            w.raw("{\"ruleId\":"); w.string(f.ruleID)
            if let index = rules.firstIndex(where: { $0.id == f.ruleID }) { w.raw(",\"ruleIndex\":\(index)") }
            w.raw(",\"level\":"); w.string(f.severity.rawValue)
            w.raw(",\"message\":{\"text\":"); w.string(f.message)
            w.raw("},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{\"uri\":"); w.string(Self.relativeURI(f.path))
            w.raw(",\"uriBaseId\":\"SRCROOT\"},\"region\":{\"startLine\":\(f.line),\"startColumn\":\(f.column)}}}]")
            w.raw(",\"partialFingerprints\":{\"keychainLint/v1\":"); w.string(Self.fingerprint(key, occurrence: n))
            w.raw("}}")
        }
        w.raw("]}]}\n")
        return w.output
    }

    /// `./Sources/A.swift` → `Sources/A.swift`; path segments percent-encoded where URIs need it.
    static func relativeURI(_ path: String) -> String {
        var p = Substring(path)
        while p.hasPrefix("./") { p = p.dropFirst(2) }
        var out = ""
        for b in p.utf8 {
            let c = Character(Unicode.Scalar(b))
            if b < 0x80 && (c.isLetter || c.isNumber || "-._~/".contains(c)) {
                out.append(c)
            } else {
                out += "%" + String(b, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    /// FNV-1a over the key and occurrence: stable across unrelated edits.
    static func fingerprint(_ key: String, occurrence: Int) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in "\(key)|\(occurrence)".utf8 {
            hash ^= UInt64(b)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16).leftPadded(to: 16)
    }
}

extension String {
    fileprivate func leftPadded(to n: Int) -> String {
        count >= n ? self : String(repeating: "0", count: n - count) + self
    }
}
