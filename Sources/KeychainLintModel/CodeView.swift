import KeychainLintTokenizer
// STUB
package final class CodeView: @unchecked Sendable {
    package let source: SourceFile
    package init(source: SourceFile) { self.source = source }
}
enum ConditionRegions {
    static func build(code: CodeView, platforms: PlatformSet) -> [ConditionRegion] {
        [ConditionRegion(id: 0, condition: .always, platforms: platforms)]
    }
}
struct DictionaryExtractor {
    let code: CodeView
    let regions: [ConditionRegion]
    let symbols: ProjectSymbols
    func extract() -> [KeychainUse] { [] }
}
