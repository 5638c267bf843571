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
        /// For a dictionary that reached the operation through summarised functions: that
        /// operation, and the message without the route, for reporting it once there.
        package var sink: SinkSpot? = nil
        package var messageAtSink = ""
        /// The change that removes the finding, when the rule is certain of it.
        package var fix: Fix? = nil
        /// Other operations the same call reaches with the same mistake (`Alternate`).
        package var alternates: [Alternate] = []
    }

    /// Another operation a reported call reaches (`store.save(q)`, whose function deletes the
    /// item, discarding that status, and then returns SecItemAdd's): reported at the call only
    /// when the first one is reported at its operation instead, so one call keeps one finding and
    /// the add is not hidden behind the delete.
    package struct Alternate: Hashable {
        package var sink: SinkSpot
        /// The message at the call, with the route.
        package var message: String
        package var messageAtSink: String
    }

    package private(set) var raw: [Raw] = []
    private var seen: Set<Int> = []

    package init() {}

    /// Records a missing-entry finding where `use` says such findings go, naming the route when
    /// the dictionary crossed calls on its way to the operation.
    package mutating func report(missingIn use: KeychainUse, _ message: String, fix: Fix? = nil) {
        let offset = use.missingEntryOffset
        guard report(at: offset, message + use.routeNote, fix: fix) else {
            // A second use reaching the same spot (another operation of the function called, or a
            // call two summaries of one name stand for) keeps the first one's finding, its
            // operation included; the other operation is kept aside (`Alternate`).
            guard let sink = use.call?.sink, let k = raw.lastIndex(where: { $0.offset == offset }),
                  let first = raw[k].sink, first != sink, !raw[k].alternates.contains(where: { $0.sink == sink }) else { return }
            raw[k].alternates.append(Alternate(sink: sink, message: message + use.routeNote, messageAtSink: message))
            return
        }
        if let sink = use.call?.sink, let last = raw.last, last.offset == offset {
            raw[raw.count - 1].sink = sink
            raw[raw.count - 1].messageAtSink = message
        }
    }

    /// Records a finding at `offset` unless this rule already reported that spot.
    @discardableResult
    package mutating func report(at offset: Int, _ message: String, fix: Fix? = nil) -> Bool {
        guard seen.insert(offset).inserted else { return false }
        raw.append(Raw(offset: offset, message: message, fix: fix))
        return true
    }
}
