/// The questions the rules ask about the project's symbols: whether a `kSec…` spelling is the
/// user's own (`let kSecAttrAccessibleAlways = …`, here or in another file of the project) and so
/// not the Security constant of that name, and whether another file's function handles a status
/// passed to it (`StatusHandling`). It holds only what the answers read; asking about a name the
/// file does not declare is a dependency like the walk's, noted in the file's log.
struct UserDeclarations {
    private let code: CodeView
    private let declarations: Declarations
    /// The project's constants (`ProjectSymbols.constants`).
    private let projectConstants: [String: KeychainValue]
    /// The project's `ProjectSymbols.statusHandlers`.
    private let projectStatusHandlers: Set<String>
    private let log: DependencyLog

    init(extractor: DictionaryExtractor) {
        self.code = extractor.code
        self.declarations = extractor.declarations
        self.projectConstants = extractor.symbols.constants
        self.projectStatusHandlers = extractor.symbols.statusHandlers
        self.log = extractor.log
    }

    /// Whether the file or the project declares `name`.
    func contains(_ name: String) -> Bool {
        if let id = code.nameID(of: name), declarations.isDeclared(id) { return true }
        log.consult(name)
        return !projectConstants.isEmpty && projectConstants[name] != nil
    }

    /// Whether a function of the project named `function` handles the status passed as its
    /// argument at `position` with `label` (`_` for none).
    func handlesStatus(function: String, position: Int, label: String) -> Bool {
        log.consult(function)
        return !projectStatusHandlers.isEmpty
            && projectStatusHandlers.contains(StatusHandling.key(function: function, position: position, label: label))
    }
}
