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
    /// The file's named declarations (`KeychainFile+Functions`).
    let declarations: Declarations
    private let userDeclarations: UserDeclarations

    /// A file's model for the rules alone (tests, tools): the engine builds a `FileModel`, which
    /// also gives what the file depends on. `skipsIrrelevantCode`: false walks every body
    /// (`DictionaryExtractor.skipsIrrelevantCode`).
    package convenience init(source: SourceFile, platforms: PlatformSet, symbols: ProjectSymbols = .empty,
                             entitlements: [EntitlementsFile] = [], skipsIrrelevantCode: Bool = true,
                             buildsCommandLineTool: Bool = false) {
        let extractor = DictionaryExtractor(code: CodeView(source: source, dictionaryTypeAliases: symbols.dictionaryTypeAliases), symbols: symbols, skipsIrrelevantCode: skipsIrrelevantCode)
        self.init(extractor: extractor, platforms: platforms, entitlements: entitlements, buildsCommandLineTool: buildsCommandLineTool)
    }

    /// Runs the extractor's walk and the wrapper calls' reading; keeps none of the extractor but
    /// the declarations and the rules' lookup of the project's names.
    init(extractor: DictionaryExtractor, platforms: PlatformSet, entitlements: [EntitlementsFile], buildsCommandLineTool: Bool) {
        let code = extractor.code
        self.source = code.source
        self.platforms = platforms
        self.entitlements = entitlements
        self.buildsCommandLineTool = buildsCommandLineTool
        self.code = code
        self.regions = code.conditions.enumerated().map { id, condition in
            ConditionRegion(id: ConditionRegion.ID(id), condition: condition, platforms: condition.mayHold(in: platforms))
        }
        self.declarations = extractor.declarations
        self.userDeclarations = UserDeclarations(extractor: extractor)
        self.uses = extractor.extract()
        self.wrapperUses = WrapperExtractor(extractor: extractor).extract()
    }

    /// Whether the file or another file of the project declares `name` (a `kSec…` spelling that is
    /// then the user's, not a Security constant). Asking makes the file depend on the name.
    package func isUserDeclared(_ name: String) -> Bool { userDeclarations.contains(name) }

    /// Whether a function of another file that the call whose callee name is at `callee` may reach
    /// handles the status passed at `position` with `label` (`_` for none): it throws an error
    /// carrying it or compares with errSecDuplicateItem (`StatusHandling`).
    package func projectHandlesStatus(calledAt callee: Int, position: Int, label: String) -> Bool {
        userDeclarations.handlesStatus(function: code.text(callee), position: position, label: label)
    }

    /// Whether code in `region` may be compiled for macOS in this project.
    package func mayRunOnMacOS(_ region: ConditionRegion.ID) -> Bool {
        regions[Int(region)].platforms.contains(.macOS)
    }
}
