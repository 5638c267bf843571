import KeychainLintSyntax

/// What one file's analysis depends on outside the file, for the project rounds: taken from the
/// file's `DependencyLog` once its rules ran (`FileModel.dependencies()`), a value of its own
/// beside the `KeychainFile` the rules read.
package struct FileDependencies: Sendable {
    /// Names the file uses but does not declare, looked up in the project's symbols.
    package var consulted: Set<String>
    /// Of `consulted`, the names looked up only as functions, aliases or helpers, with why (`ConsultKinds`).
    package var conditional: [String: ConsultKinds]
    /// Names the file does not declare that occur in code the walk jumped over: consulted as well.
    package var mentioned: [String]
    /// Of `mentioned`, those in bodies of functions with a dictionary parameter, which may forward
    /// it to a function another file declares.
    package var forwarderMentioned: [String] = []
    /// How many of this file's calls reach each operation inside a summarised function.
    package var routedCallSites: [SinkSpot: Int]
    /// What this file declares for other files (aliases, function references, helpers, summaries).
    package var declared: FileSymbols
}

/// One file's model as the engine holds it: the rules' view (`file`) and, behind it, the
/// extractor whose log records what the analysis took from other files. The rules get only
/// `file`; the engine routes their findings through `foreignSpots` and, once they ran, takes the
/// file's `dependencies()` for the project rounds.
package struct FileModel {
    /// The rules' view of the file.
    package let file: KeychainFile
    let extractor: DictionaryExtractor

    /// `skipsIrrelevantCode`: false walks every body (`DictionaryExtractor.skipsIrrelevantCode`).
    package init(source: SourceFile, platforms: PlatformSet, symbols: ProjectSymbols = .empty, entitlements: [EntitlementsFile] = [],
                 skipsIrrelevantCode: Bool = true, buildsCommandLineTool: Bool = false) {
        let extractor = DictionaryExtractor(code: CodeView(source: source, dictionaryTypeAliases: symbols.dictionaryTypeAliases), symbols: symbols, skipsIrrelevantCode: skipsIrrelevantCode)
        self.extractor = extractor
        self.file = KeychainFile(extractor: extractor, platforms: platforms, entitlements: entitlements,
                                 buildsCommandLineTool: buildsCommandLineTool)
    }

    /// Entries read from another file's helper sit at offsets past this file's end; this maps each
    /// such offset to the helper and the entry's offset in the file that declares it.
    package var foreignSpots: [Int: ForeignSpot] { extractor.log.foreignSpots }

    /// Whether one of the file's own functions, summarised in this lint, has the route name
    /// `route` (`Owner.name(label:)`), private ones included: a routed finding's operation is
    /// then in this file, whatever other files can see.
    package func declaresFunction(routed route: String) -> Bool {
        extractor.summaryMemo.values.contains { $0?.route == route }
    }

    /// What the file depends on, read after its rules ran: the names they asked about
    /// (`KeychainFile.isUserDeclared`) count. The names are read before the file's declarations
    /// are collected for other files, and only those the walk and the rules looked up count.
    package func dependencies() -> FileDependencies {
        let log = extractor.log
        let symbols = extractor.symbols
        let consults = log.consults(declared: symbols.isEmpty ? nil : symbols.names)
        let declared = extractor.declaredSymbols()
        return FileDependencies(consulted: consults.names, conditional: consults.conditional, mentioned: log.mentionedNames,
                                forwarderMentioned: log.forwarderMentionedNames, routedCallSites: log.routedCallSites, declared: declared)
    }
}
