import KeychainLintSyntax
import KeychainLintModel
import KeychainLintProject
import KeychainLintRules

/// One file's result of the first pass over a project.
package struct FileAnalysis: Sendable {
    package var findings: [Finding] = []
    /// What the file offers other files.
    package var declared = FileSymbols()
    /// Undeclared names the file used: if another file declares one, the file is linted again.
    package var consulted: Set<String> = []
    /// Undeclared names in code the walk jumped over (`Relevance`): consulted too, kept as a list
    /// so a project without symbols never hashes them.
    package var mentioned: [String] = []
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
        !wasTokenized && findings.isEmpty && declared == FileSymbols() && consulted.isEmpty && mentioned.isEmpty
            && relocated.isEmpty && lineStarts.isEmpty && routed.isEmpty && routedCallSites.isEmpty
    }

    /// Whether the file looked up one of `names`, or mentions one of `mentionable` in code it jumped over.
    package func mayUse(_ names: Set<String>, mentionable: Set<String>? = nil) -> Bool {
        guard !names.isEmpty else { return false }
        let inSkippedCode = mentionable ?? names
        return !consulted.isDisjoint(with: names) || mentioned.contains(where: inSkippedCode.contains)
    }

    /// Whether the project's symbols change what this file's lint would find.
    package func needsSecondPass(with symbols: ProjectSymbols, names: Set<String>) -> Bool {
        if mayUse(names, mentionable: symbols.contentNames) || mayUse(symbols.passThroughFunctions) { return true }
        return declared.helpers.keys.contains { symbols.externallyUsedHelpers.contains($0) }
    }
}

/// Project-wide first pass: the symbols of every file, merged, and the helpers other files use.
package enum ProjectPass {
    package static func symbols(from analyses: [FileAnalysis]) -> ProjectSymbols {
        var symbols = ProjectSymbols(merging: analyses.map(\.declared))
        guard !symbols.helpers.isEmpty else { return symbols }
        var used = Set<String>()
        // Asked of every file in every round: the two lists are walked, never merged into a set.
        for analysis in analyses where !analysis.consulted.isEmpty || !analysis.mentioned.isEmpty {
            for name in analysis.consulted where symbols.helpers[name] != nil && analysis.declared.helpers[name] == nil {
                used.insert(name)
            }
            for name in analysis.mentioned where symbols.helpers[name] != nil && analysis.declared.helpers[name] == nil {
                used.insert(name)
            }
        }
        symbols.externallyUsedHelpers = used
        return symbols
    }
}
