// STUB while the extractor is written.
struct DictionaryExtractor {
    let code: CodeView
    let symbols: ProjectSymbols
    func extract() -> [KeychainUse] { [] }
}
