import KeychainLintTokenizer

/// Everything the rules know about one file: its keychain dictionaries and the calls they flow into.
package final class KeychainFile: @unchecked Sendable {
    package let source: SourceFile
    /// The platforms the file's project builds for.
    package let platforms: PlatformSet
    package let code: CodeView
    package let regions: [ConditionRegion]
    package let uses: [KeychainUse]
    /// The project's entitlements files (read as context, wherever they are under the project root).
    package let entitlements: [EntitlementsFile]

    package init(source: SourceFile, platforms: PlatformSet, symbols: ProjectSymbols = .empty, entitlements: [EntitlementsFile] = []) {
        self.source = source
        self.platforms = platforms
        self.entitlements = entitlements
        let code = CodeView(source: source)
        self.code = code
        self.regions = code.conditions.enumerated().map { id, condition in
            ConditionRegion(id: ConditionRegion.ID(id), condition: condition, platforms: condition.mayHold(in: platforms))
        }
        self.uses = DictionaryExtractor(code: code, symbols: symbols).extract()
    }

    /// Whether code in `region` may be compiled for macOS in this project.
    package func mayRunOnMacOS(_ region: ConditionRegion.ID) -> Bool {
        regions[Int(region)].platforms.contains(.macOS)
    }
}
