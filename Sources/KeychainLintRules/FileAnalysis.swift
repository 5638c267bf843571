import KeychainLintModel

/// One file's result of the first pass over a project.
package struct FileAnalysis: Sendable {
    package var findings: [Finding] = []
    /// What the file offers other files.
    package var declared = FileSymbols()
    /// Undeclared names the file used: if another file declares one, the file is linted again.
    package var consulted: Set<String> = []
    /// False when the prefilter dropped the file unread; it is checked again only if its bytes
    /// name a project symbol.
    package var wasTokenized = false
    /// Findings on entries of other files' helpers, for the files that declare them.
    package var relocated: [RelocatedFinding] = []

    package init() {}

    package init(findings: [Finding], declared: FileSymbols, consulted: Set<String>, wasTokenized: Bool,
                 relocated: [RelocatedFinding] = []) {
        self.findings = findings
        self.declared = declared
        self.consulted = consulted
        self.wasTokenized = wasTokenized
        self.relocated = relocated
    }

    /// Whether the project's symbols change what this file's lint would find.
    package func needsSecondPass(with symbols: ProjectSymbols, names: Set<String>) -> Bool {
        if !consulted.isDisjoint(with: names) { return true }
        if !consulted.isDisjoint(with: symbols.passThroughFunctions) { return true }
        return declared.helpers.keys.contains { symbols.externallyUsedHelpers.contains($0) }
    }
}

/// Project-wide first pass: the symbols of every file, merged, and the helpers other files use.
package enum ProjectPass {
    package static func symbols(from analyses: [FileAnalysis]) -> ProjectSymbols {
        var symbols = ProjectSymbols(merging: analyses.map(\.declared))
        guard !symbols.helpers.isEmpty else { return symbols }
        var used = Set<String>()
        for analysis in analyses where !analysis.consulted.isEmpty {
            for name in analysis.consulted where symbols.helpers[name] != nil && analysis.declared.helpers[name] == nil {
                used.insert(name)
            }
        }
        symbols.externallyUsedHelpers = used
        return symbols
    }
}
