import KeychainLintModel

/// One file's result of the first pass over a project.
package struct FileAnalysis: Sendable {
    package var findings: [Finding] = []
    /// What the file offers other files.
    package var declared = FileSymbols()
    /// Undeclared names the file used: if another file declares one, the file is linted again.
    package var consulted: Set<String> = []
    /// Of `consulted`, the names looked up only as functions, aliases or helpers, with why: such
    /// a name matters only when the project declares it as what was looked for (`dependsOn`).
    package var conditional: [String: ConsultKinds] = [:]
    /// Undeclared names in code the walk jumped over (`Relevance`): consulted too, kept as a list
    /// so a project without symbols never hashes them.
    package var mentioned: [String] = []
    /// Of `mentioned`, the names in bodies of functions with a dictionary parameter (a function
    /// there may forward it to one of another file's): every project name counts there.
    package var forwarderMentioned: [String] = []
    /// False when the prefilter dropped the file unread; it is checked again only if its bytes
    /// name a project symbol.
    package var wasTokenized = false
    /// Findings on entries of other files' helpers, for the files that declare them.
    package var relocated: [RelocatedFinding] = []
    /// Where each line of the file starts (the tokenizer's `LineMap`), so the text of the findings'
    /// lines can be taken without scanning the file again; empty when the file was not tokenized.
    package var lineStarts: [Int] = []
    /// Findings on dictionaries that reached an operation inside a summarised function, and how
    /// many of the file's calls reach each such operation (`ProjectAnalysis.Run.reportAtSinks`).
    package var routed: [RoutedFinding] = []
    package var routedCallSites: [SinkSpot: Int] = [:]
    /// The file's operations on keychain items, when the run collects an inventory.
    package var inventory: [InventoryRecord] = []

    package init() {}

    package init(findings: [Finding], declared: FileSymbols, consulted: Set<String>, mentioned: [String] = [],
                 wasTokenized: Bool, relocated: [RelocatedFinding] = [], lineStarts: [Int] = []) {
        self.mentioned = mentioned
        self.lineStarts = lineStarts
        self.findings = findings
        self.declared = declared
        self.consulted = consulted
        self.wasTokenized = wasTokenized
        self.relocated = relocated
    }

    /// A file the prefilter dropped with nothing to say: what `FileAnalysis()` holds.
    var isBlankDrop: Bool {
        !wasTokenized && findings.isEmpty && declared == FileSymbols() && consulted.isEmpty && mentioned.isEmpty && forwarderMentioned.isEmpty
            && relocated.isEmpty && lineStarts.isEmpty && routed.isEmpty && routedCallSites.isEmpty && conditional.isEmpty
            && inventory.isEmpty
    }

    /// Whether the file looked up one of `names` and may depend on it under `symbols` (what its
    /// last lint saw and what the next would see; none: any name counts), or mentions one of
    /// `mentionable` in code it jumped over, or one of `names` in a jumped-over function with a
    /// dictionary parameter (which may forward it to one of them).
    package func mayUse(_ names: Set<String>, mentionable: Set<String>? = nil, symbols: [ProjectSymbols] = []) -> Bool {
        guard !names.isEmpty else { return false }
        let inSkippedCode = mentionable ?? names
        if mentioned.contains(where: inSkippedCode.contains) || forwarderMentioned.contains(where: names.contains) { return true }
        guard !conditional.isEmpty, !symbols.isEmpty else { return !consulted.isDisjoint(with: names) }
        let (few, many) = consulted.count < names.count ? (consulted, names) : (names, consulted)
        return few.contains { many.contains($0) && dependsOn($0, symbols: symbols) }
    }

    /// Whether the lint of this file may change with what `symbols` declare under `name`.
    func dependsOn(_ name: String, symbols: [ProjectSymbols]) -> Bool {
        guard let kinds = conditional[name] else { return true }
        return symbols.contains { kinds.depends(on: name, in: $0) }
    }

    /// Whether the project's symbols change what this file's lint would find (the first pass saw none).
    package func needsSecondPass(with symbols: ProjectSymbols, names: Set<String>) -> Bool {
        if mayUse(names, mentionable: symbols.contentNames, symbols: [symbols]) || mayUse(symbols.passThroughFunctions) { return true }
        return declared.helpers.keys.contains { symbols.externallyUsedHelpers.contains($0) }
    }
}

/// Project-wide first pass: the symbols of every file, merged, and the helpers other files use.
package enum ProjectPass {
    package static func symbols(from analyses: [FileAnalysis]) -> ProjectSymbols {
        var symbols = ProjectSymbols(merging: analyses.map(\.declared))
        guard !symbols.helperNames.isEmpty else { return symbols }
        var used = Set<String>()
        for analysis in analyses { helpers(of: symbols, usedBy: analysis, into: &used) }
        symbols.externallyUsedHelpers = used
        return symbols
    }

    /// The helpers of `symbols` that `analysis` looked up or mentioned without declaring them.
    /// Asked of every file in every round: the two lists are walked, never merged into a set,
    /// and a file's hundreds of consulted names are not each hashed against the few helpers.
    package static func helpers(of symbols: ProjectSymbols, usedBy analysis: FileAnalysis, into used: inout Set<String>) {
        guard !analysis.consulted.isEmpty || !analysis.mentioned.isEmpty else { return }
        let helpers = symbols.helperNames
        if helpers.count < analysis.consulted.count {
            for name in helpers where analysis.consulted.contains(name) && analysis.declared.helpers[name] == nil {
                used.insert(name)
            }
        } else {
            for name in analysis.consulted where helpers.contains(name) && analysis.declared.helpers[name] == nil {
                used.insert(name)
            }
        }
        for name in analysis.mentioned where helpers.contains(name) && analysis.declared.helpers[name] == nil {
            used.insert(name)
        }
    }
}
