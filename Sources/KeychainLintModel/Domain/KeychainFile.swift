import KeychainLintSyntax

/// Everything the rules know about one file: its keychain dictionaries and the calls they flow into.
package final class KeychainFile: @unchecked Sendable {
    package let source: SourceFile
    /// The platforms the file's project builds for.
    package let platforms: PlatformSet
    package let code: CodeView
    package let regions: [ConditionRegion]
    package let uses: [KeychainUse]
    /// Items configured through a wrapper library the file imports (KeychainAccess, KeychainSwift, …).
    package let wrapperUses: [WrapperUse]
    /// The project's entitlements files (read as context, wherever they are under the project root).
    package let entitlements: [EntitlementsFile]
    /// Whether the file is built only into a plain command-line tool (a SwiftPM `executableTarget`,
    /// an Xcode tool target) with no entitlements, which cannot use the data protection keychain.
    package let buildsCommandLineTool: Bool
    let extractor: DictionaryExtractor

    /// `skipsIrrelevantCode`: false walks every body (`DictionaryExtractor.skipsIrrelevantCode`).
    package init(source: SourceFile, platforms: PlatformSet, symbols: ProjectSymbols = .empty, entitlements: [EntitlementsFile] = [],
                 skipsIrrelevantCode: Bool = true, buildsCommandLineTool: Bool = false) {
        self.source = source
        self.platforms = platforms
        self.entitlements = entitlements
        self.buildsCommandLineTool = buildsCommandLineTool
        let code = CodeView(source: source)
        self.code = code
        self.regions = code.conditions.enumerated().map { id, condition in
            ConditionRegion(id: ConditionRegion.ID(id), condition: condition, platforms: condition.mayHold(in: platforms))
        }
        let extractor = DictionaryExtractor(code: code, symbols: symbols, skipsIrrelevantCode: skipsIrrelevantCode)
        self.extractor = extractor
        self.uses = extractor.extract()
        self.wrapperUses = WrapperExtractor(extractor: extractor).extract()
    }

    /// Names the file uses but does not declare, looked up in the project's symbols, and of those
    /// the names looked up only as functions, aliases or helpers, with why (`ConsultKinds`).
    package var consultedProjectNames: (names: Set<String>, conditional: [String: ConsultKinds]) { extractor.consults }
    /// Names the file does not declare that occur in code the walk jumped over: consulted as well.
    package var mentionedProjectNames: [String] { extractor.mentionedNames }
    /// Entries read from another file's helper sit at offsets past this file's end; this maps each
    /// such offset to the helper and the entry's offset in the file that declares it.
    package var foreignSpots: [Int: ForeignSpot] { extractor.foreignSpots }
    /// How many of this file's calls reach each operation inside a summarised function.
    package var routedCallSites: [SinkSpot: Int] { extractor.routedCallSites }

    /// Whether one of the file's own functions, summarised in this lint, has the route name
    /// `route` (`Owner.name(label:)`), private ones included.
    package func declaresFunction(routed route: String) -> Bool {
        extractor.summaryMemo.values.contains { $0?.route == route }
    }

    /// Whether the file or another file of the project declares `name` (a `kSec…` spelling that is
    /// then the user's, not a Security constant).
    package func isUserDeclared(_ name: String) -> Bool { extractor.isUserDeclared(name) }

    /// What this file declares for other files (aliases, function references, helpers).
    package func declaredSymbols() -> FileSymbols { extractor.declaredSymbols() }

    /// Whether code in `region` may be compiled for macOS in this project.
    package func mayRunOnMacOS(_ region: ConditionRegion.ID) -> Bool {
        regions[Int(region)].platforms.contains(.macOS)
    }
}
