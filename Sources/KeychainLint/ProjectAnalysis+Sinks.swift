import KeychainLintModel

/// A dictionary the project passes to an operation is judged at the operation (RULES.md). A
/// function that hands the operation's status back to its caller (`func delete(_ q:) -> OSStatus {
/// SecItemDelete(q) }`) is that operation under another name, like `let delete = SecItemDelete`:
/// each call of it is judged where it is written, as the caller builds its dictionary there. A
/// function that decides the outcome itself (checks or throws the status) holds the operation: a
/// missing entry every call that reaches it shares is one mistake, reported once at the operation,
/// with the count of calls or where the one call is. When only some calls miss the entry, each of
/// them is reported where its dictionary is built.
extension ProjectAnalysis.Run {
    struct SinkFindings {
        /// Findings to report at operations, by the file that declares the function making the call.
        var atSinks: [Int: Set<RelocatedFinding>] = [:]
        /// The caller findings they replace: file index, rule, line, column.
        var replaced: Set<Replaced> = []
        /// Of those, the ones whose call reaches another operation with the same mistake that is
        /// not reported at its operation: they stay, with that operation's message.
        var rewritten: [Replaced: String] = [:]

        struct Replaced: Hashable {
            var file: Int
            var ruleID: String
            var line: Int
            var column: Int
        }
    }

    /// Every (rule, operation) whose findings cover each call that reaches the operation, inside a
    /// function that does not hand the status back. A caller whose finding is suppressed, or whose
    /// dictionary cannot be read, keeps the findings at the callers.
    func sinkFindings(_ passes: [ProjectAnalysis.Pass], declaringFile: [String: Int]) -> SinkFindings {
        var callSites: [SinkSpot: Int] = [:]
        var byRule: [String: [SinkSpot: [(file: Int, finding: RoutedFinding)]]] = [:]
        for (i, pass) in passes.enumerated() {
            guard let analysis = pass.tokenized else { continue }
            for (spot, count) in analysis.routedCallSites { callSites[spot, default: 0] += count }
            for finding in analysis.routed { byRule[finding.ruleID, default: [:]][finding.sink, default: []].append((i, finding)) }
        }
        var out = SinkFindings()
        var kept: [(file: Int, finding: RoutedFinding)] = []
        for (ruleID, spots) in byRule {
            for (spot, findings) in spots {
                let calls = callSites[spot] ?? 0
                guard !spot.returnsStatus, findings.count == calls,
                      let d = declaringFile[spot.function] ?? Self.privateDeclaringFile(of: findings) else {
                    kept += findings.filter { $0.finding.callerMessage != nil }
                    continue
                }
                let message: String
                if calls == 1 {
                    let caller = findings[0]
                    let place = caller.file == d ? "line \(caller.finding.line)" : "\(targets[caller.file].path):\(caller.finding.line)"
                    message = caller.finding.messageAtSink + " The dictionary comes from the only call of `\(spot.function)`, at \(place)."
                } else {
                    message = findings[0].finding.messageAtSink
                        + " None of the \(calls) calls that reach it in `\(spot.function)` passes one: fix it here."
                }
                out.atSinks[d, default: []].insert(RelocatedFinding(ruleID: ruleID, message: message, helper: spot.function, offset: spot.offset))
                // Only the operation a caller's finding names takes it away from the call.
                for (file, finding) in findings where finding.callerMessage == nil {
                    out.replaced.insert(.init(file: file, ruleID: ruleID, line: finding.line, column: finding.column))
                }
            }
        }
        for (file, finding) in kept {
            let at = SinkFindings.Replaced(file: file, ruleID: finding.ruleID, line: finding.line, column: finding.column)
            if out.replaced.contains(at) && out.rewritten[at] == nil { out.rewritten[at] = finding.callerMessage }
        }
        return out
    }

    /// A function no file exports (a `private` one) is declared in the file of its callers, when
    /// that file says it declares it: calls from one file only.
    private static func privateDeclaringFile(of findings: [(file: Int, finding: RoutedFinding)]) -> Int? {
        let file = findings[0].file
        return findings.allSatisfy({ $0.file == file && $0.finding.sinkDeclaredHere }) ? file : nil
    }

    /// The outcomes without the caller findings reported at an operation instead, and with the
    /// message of another operation for those whose call still misses it there (`rewritten`).
    func dropping(_ sinks: SinkFindings, from outcomes: inout [ProjectAnalysis.Outcome]) {
        guard !sinks.replaced.isEmpty else { return }
        let files = Set(sinks.replaced.map(\.file))
        for i in files {
            guard case .linted(let findings, let lines) = outcomes[i] else { continue }
            let kept = findings.compactMap { finding -> Finding? in
                let at = SinkFindings.Replaced(file: i, ruleID: finding.ruleID, line: finding.line, column: finding.column)
                guard sinks.replaced.contains(at) else { return finding }
                guard let message = sinks.rewritten[at] else { return nil }
                var rewritten = finding
                rewritten.message = message
                return rewritten
            }
            outcomes[i] = .linted(kept, lines: lines)
        }
    }
}
