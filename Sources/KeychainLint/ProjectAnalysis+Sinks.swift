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
        for (ruleID, spots) in byRule {
            for (spot, findings) in spots {
                let calls = callSites[spot] ?? 0
                guard !spot.returnsStatus, findings.count == calls,
                      let d = declaringFile[spot.function] ?? Self.privateDeclaringFile(of: findings) else { continue }
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
                for (file, finding) in findings {
                    out.replaced.insert(.init(file: file, ruleID: ruleID, line: finding.line, column: finding.column))
                }
            }
        }
        return out
    }

    /// A function no file exports (a `private` one) is declared in the file of its callers, when
    /// that file says it declares it: calls from one file only.
    private static func privateDeclaringFile(of findings: [(file: Int, finding: RoutedFinding)]) -> Int? {
        let file = findings[0].file
        return findings.allSatisfy({ $0.file == file && $0.finding.sinkDeclaredHere }) ? file : nil
    }

    /// The outcomes without the caller findings reported at an operation instead.
    func dropping(_ replaced: Set<SinkFindings.Replaced>, from outcomes: inout [ProjectAnalysis.Outcome]) {
        guard !replaced.isEmpty else { return }
        let files = Set(replaced.map(\.file))
        for i in files {
            guard case .linted(let findings, let lines) = outcomes[i] else { continue }
            let kept = findings.filter { !replaced.contains(.init(file: i, ruleID: $0.ruleID, line: $0.line, column: $0.column)) }
            outcomes[i] = .linted(kept, lines: lines)
        }
    }
}
