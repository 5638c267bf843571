import KeychainLintModel
import KeychainLintSyntax

/// A check over one file's keychain model. Rules are small value types: one per file under `Rules/`,
/// listed in `RuleRegistry`. A rule never prints; it reports through the collector.
package protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
    func check(_ file: KeychainFile, into findings: inout FindingCollector)
    func check(entitlements file: EntitlementsFile, into findings: inout FindingCollector)
}

extension Rule {
    package var description: RuleDescription { Self.description }

    /// Rules about entitlements files override this; offsets are into the plist's bytes.
    package func check(entitlements file: EntitlementsFile, into findings: inout FindingCollector) {}
}

/// Collects one rule's findings for one file as byte offsets, so a mistake reached through
/// several uses of one dictionary is reported once.
package struct FindingCollector {
    package struct Raw: Hashable {
        package var offset: Int
        package var message: String
        /// The change that removes the finding, when the rule is certain of it.
        package var fix: Fix? = nil
    }

    package private(set) var raw: [Raw] = []
    private var seen: Set<Int> = []

    package init() {}

    /// Records a finding at `offset` unless this rule already reported that spot.
    package mutating func report(at offset: Int, _ message: String, fix: Fix? = nil) {
        if seen.insert(offset).inserted {
            raw.append(Raw(offset: offset, message: message, fix: fix))
        }
    }
}
