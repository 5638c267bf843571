import KeychainLintModel
import KeychainLintSyntax
import KeychainLintRules

/// A rule turned on for a run, with the severity it reports at.
package struct ActiveRule: Sendable {
    package var rule: any Rule
    package var severity: Severity

    package init(rule: any Rule, severity: Severity) {
        self.rule = rule
        self.severity = severity
    }
}

/// Lints one file's bytes. Pure: no file system, no printing; the CLI feeds it and reports.
package struct Linter: Sendable {
    package let rules: [ActiveRule]
    /// `rules[i]`'s id. Read once here: a rule's description is a large value (examples and
    /// all), copied out whole each time it is asked for, and every file asks for every rule's id.
    private let ruleIDs: [String]
    /// The index in `rules` of the rule that reports each check of the suppression comments: the
    /// first active rule of kind `.suppression` that says it does.
    private let suppressionRules: [SuppressionCheck: Int]
    private let prefilter: Prefilter
    /// `SymbolPrefilter`'s test for a file `prefilter` dropped. Such a file holds none of the rules'
    /// literals, so the declaration needles that contain one (`kSec`) are not searched for again.
    private let declarationPrefilter: Prefilter
    /// Whether every shortcut that skips work is off: no file is dropped by a prefilter and the
    /// model walks every body. The unoptimised path, kept to check that the shortcuts change no
    /// finding (`KEYCHAIN_LINT_EXHAUSTIVE=1`, the benchmark, the tests).
    package let exhaustive: Bool
    /// Whether each analysed file also records its operations on keychain items for the inventory
    /// (`InventoryRecord`); off for a lint run, which never pays for it.
    package var collectsInventory = false

    package init(rules: [ActiveRule], exhaustive: Bool = false) {
        self.rules = rules
        self.exhaustive = exhaustive
        self.ruleIDs = rules.map { type(of: $0.rule).description.id }
        var suppressionRules: [SuppressionCheck: Int] = [:]
        for (index, active) in rules.enumerated() where type(of: active.rule).description.kind == .suppression {
            guard let check = (type(of: active.rule) as? any SuppressionRule.Type)?.suppressionCheck else { continue }
            if suppressionRules[check] == nil { suppressionRules[check] = index }
        }
        self.suppressionRules = suppressionRules
        let literals = rules.flatMap { type(of: $0.rule).description.requiredLiterals }
        self.prefilter = Prefilter(literals: literals)
        self.declarationPrefilter = SymbolPrefilter.declarationNeedles(absent: literals)
    }

    /// The rules that are on by default, at their default severities.
    package static var defaultRules: [ActiveRule] {
        RuleRegistry.all.filter { $0.description.isEnabledByDefault }.map { type in
            ActiveRule(rule: type.init(), severity: type.description.severityWhenEnabled)
        }
    }

    /// Whether any enabled rule could find something in these bytes; when not, the file is not tokenized.
    package func mayFindAnything(in bytes: [UInt8]) -> Bool {
        exhaustive || prefilter.matches(bytes)
    }

    package func lint(path: String, bytes: [UInt8], platforms: PlatformSet, symbols: ProjectSymbols = .empty,
                      entitlements: [EntitlementsFile] = []) -> [Finding] {
        guard mayFindAnything(in: bytes) else { return [] }
        let source = SourceFile(path: path, bytes: bytes)
        return lint(FileModel(source: source, platforms: platforms, symbols: symbols, entitlements: entitlements,
                              skipsIrrelevantCode: !exhaustive))
    }

    /// Lints one file and, for the project-wide first pass, records what it declares for other
    /// files and which undeclared names it used. A file that can neither produce a finding nor
    /// declare a symbol is not tokenized (`wasTokenized` is false); `force` skips that check for
    /// a file the first pass found using another file's symbols.
    package func analyze(path: String, bytes: [UInt8], platforms: @autoclosure () -> PlatformSet, symbols: ProjectSymbols = .empty,
                         entitlements: @autoclosure () -> [EntitlementsFile] = [], force: Bool = false,
                         relocated: [RelocatedFinding] = [],
                         commandLineTool: @autoclosure () -> Bool = false) -> FileAnalysis {
        let findsAnything = force || mayFindAnything(in: bytes)
        guard findsAnything || declarationPrefilter.matches(bytes) || SymbolPrefilter.declaresDictionaryTypeAlias(bytes) else { return FileAnalysis() }
        let source = SourceFile(path: path, bytes: bytes)
        // Asked only now: a file dropped unread never looks for its project's platforms, nor waits
        // for its entitlements.
        let projectEntitlements = entitlements()
        let model = FileModel(source: source, platforms: platforms(), symbols: symbols, entitlements: projectEntitlements,
                              skipsIrrelevantCode: !exhaustive,
                              buildsCommandLineTool: projectEntitlements.isEmpty && commandLineTool())
        let result = findsAnything ? lintCollecting(model, relocated: relocated) : (findings: [], relocated: [], routed: [])
        // After the rules: the names they asked about are dependencies too.
        let dependencies = model.dependencies()
        var analysis = FileAnalysis(findings: result.findings, declared: dependencies.declared,
                                    consulted: dependencies.consulted,
                                    mentioned: dependencies.mentioned, wasTokenized: true, relocated: result.relocated,
                                    lineStarts: source.lineMap.lineStarts)
        analysis.routed = result.routed
        analysis.forwarderMentioned = dependencies.forwarderMentioned
        analysis.conditional = dependencies.conditional
        analysis.routedCallSites = dependencies.routedCallSites
        if collectsInventory && findsAnything { analysis.inventory = InventoryRecord.records(in: model) }
        return analysis
    }

    /// Findings inside one entitlements plist.
    package func lint(entitlements file: EntitlementsFile) -> [Finding] {
        let positions = SourcePositions(bytes: file.bytes, lines: LineMap(file.bytes))
        var findings: [Finding] = []
        for active in rules {
            var collector = FindingCollector()
            active.rule.check(entitlements: file, into: &collector)
            for raw in collector.raw {
                let at = positions.position(of: raw.offset)
                findings.append(Finding(ruleID: type(of: active.rule).description.id, severity: active.severity, message: raw.message,
                                        path: file.path, line: at.line, column: at.column, utf16Column: at.utf16Column,
                                        end: positions.tokenEnd(from: raw.offset)))
            }
        }
        return Finding.sortedForOutput(findings)
    }

    package func lint(_ model: FileModel) -> [Finding] {
        lintCollecting(model, relocated: []).findings
    }

    /// `relocated`: findings other files made on this file's helpers, reported here at the helper's key.
    /// Returns this file's findings and those its rules made on other files' helpers. The rules
    /// see only the model's `file`; a finding on an entry read from another file's helper goes to
    /// that file through the model's `foreignSpots`.
    private func lintCollecting(_ model: FileModel, relocated: [RelocatedFinding])
        -> (findings: [Finding], relocated: [RelocatedFinding], routed: [RoutedFinding]) {
        let file = model.file
        var findings: [Finding] = []
        var outgoing: [RelocatedFinding] = []
        var routed: [RoutedFinding] = []
        var suppressions = Suppressions(source: file.source)
        let foreign = model.foreignSpots
        let positions = SourcePositions(file.source)
        for (index, active) in rules.enumerated() {
            var collector = FindingCollector()
            active.rule.check(file, into: &collector)
            let id = ruleIDs[index]
            for incoming in relocated where incoming.ruleID == id && incoming.offset < file.source.bytes.count {
                collector.report(at: incoming.offset, incoming.message)
            }
            for raw in collector.raw {
                if let spot = foreign[raw.offset] {
                    outgoing.append(RelocatedFinding(ruleID: id, message: raw.message, helper: spot.helper, offset: spot.offset))
                    continue
                }
                let at = positions.position(of: raw.offset)
                if !suppressions.isEmpty && suppressions.suppresses(rule: id, line: at.line) { continue }
                findings.append(Finding(
                    ruleID: id, severity: active.severity, message: raw.message, path: file.source.path,
                    line: at.line, column: at.column, utf16Column: at.utf16Column, end: positions.tokenEnd(from: raw.offset),
                    fix: raw.fix?.located(in: positions)))
                if let sink = raw.sink {
                    routed.append(RoutedFinding(ruleID: id, line: at.line, column: at.column,
                                                sink: sink, messageAtSink: raw.messageAtSink,
                                                sinkDeclaredHere: model.declaresFunction(routed: sink.function)))
                }
                for other in raw.alternates {
                    routed.append(RoutedFinding(ruleID: id, line: at.line, column: at.column,
                                                sink: other.sink, messageAtSink: other.messageAtSink,
                                                sinkDeclaredHere: model.declaresFunction(routed: other.sink.function),
                                                callerMessage: other.message))
                }
            }
        }
        findings += malformed(&suppressions, in: file, positions)
        findings += superfluous(suppressions, in: file, positions)
        return (Finding.sortedForOutput(findings), outgoing, routed)
    }

    /// Comments that read as suppressions but cannot be one (`invalid-suppression`), from the same
    /// reading of the comments as the suppressions (a rule of its own would scan the file again).
    /// Suppressible like any finding, so this runs before `superfluous` counts what was used.
    private func malformed(_ suppressions: inout Suppressions, in file: KeychainFile, _ positions: SourcePositions) -> [Finding] {
        guard !suppressions.malformed.isEmpty, let index = suppressionRules[.unreadableComment] else { return [] }
        let id = ruleIDs[index]
        return suppressions.malformed.compactMap { comment in
            let at = positions.position(of: comment.offset)
            if suppressions.suppresses(rule: id, line: at.line) { return nil }
            return Finding(ruleID: id, severity: rules[index].severity, message: comment.message,
                           path: file.source.path, line: at.line, column: at.column, utf16Column: at.utf16Column,
                           end: positions.tokenEnd(from: comment.offset))
        }
    }

    /// A suppression that hid nothing is reported, so suppressions cannot outlive their reason.
    /// Only rules that ran can be judged: a suppression of a rule turned off for this run is left alone.
    private func superfluous(_ suppressions: Suppressions, in file: KeychainFile, _ positions: SourcePositions) -> [Finding] {
        guard suppressions.directives.contains(where: { !$0.used && $0.scope != .until }),
              let metaIndex = suppressionRules[.unusedDirective] else { return [] }
        let meta = rules[metaIndex]
        let metaID = ruleIDs[metaIndex]
        let active = Set(ruleIDs)
        var findings: [Finding] = []
        // Ids no rule has are invalid-suppression's (Suppressions keeps only known ids here).
        for d in suppressions.directives where !d.used && d.scope != .until {
            guard d.rules.contains("all") || d.rules.contains(where: active.contains) else { continue }
            let at = positions.position(of: d.offset)
            let message = "This suppression hides no finding; it only hides future ones. Remove it."
            findings.append(Finding(ruleID: metaID, severity: meta.severity, message: message,
                                    path: file.source.path, line: at.line, column: at.column, utf16Column: at.utf16Column,
                                    end: positions.tokenEnd(from: d.offset)))
        }
        return findings
    }
}
