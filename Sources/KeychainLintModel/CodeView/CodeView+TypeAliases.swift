import KeychainLintSyntax

/// Shape: a keychain dictionary type given a name (`typealias KeychainQuery = CFDictionary`,
/// `typealias KeychainAttributes = [String: any Sendable]`) and used for parameters and results,
/// so that a function taking a `KeychainQuery` is summarised like one taking a `CFDictionary`.
extension CodeView {
    static func dictionaryTypeAliases(in code: CodeView) -> Set<Int32> {
        var out: Set<Int32> = []
        for i in 0..<code.count where code.kind(i) == .keyword && code.isKeyword(i, "typealias") {
            guard i + 3 < code.count, code.kind(i + 1) == .identifier, code.is(i + 2, "=") else { continue }
            if namesDictionaryType(at: i + 3, code) { out.insert(code.nameID(i + 1)) }
        }
        code.work += code.count
        return out
    }

    /// `[K: V]`, `Dictionary<…>`, `CFDictionary`, `NSDictionary`, `NSMutableDictionary` at `j`.
    private static func namesDictionaryType(at j: Int, _ code: CodeView) -> Bool {
        if code.kind(j) == .leftBracket {
            let close = Int(code.partner[j])
            guard close > j + 1 else { return false }
            return code.firstTopLevel(in: (j + 1)..<close) { code.kind($0) == .colon } != nil
        }
        return code.isIdentifier(j, "CFDictionary") || code.isIdentifier(j, "NSDictionary")
            || code.isIdentifier(j, "NSMutableDictionary") || code.isIdentifier(j, "Dictionary")
    }

    /// Whether the identifier at `j` is a dictionary type by one of this file's `typealias`es.
    package func isDictionaryTypeAlias(_ j: Int) -> Bool {
        kind(j) == .identifier && dictionaryTypeAliases.contains(nameID(j))
    }
}
