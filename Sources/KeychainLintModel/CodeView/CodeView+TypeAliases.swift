import KeychainLintSyntax

/// Shape: a keychain dictionary type given a name (`typealias KeychainQuery = CFDictionary`,
/// `typealias KeychainAttributes = [String: any Sendable]`) and used for parameters and results,
/// so that a function taking a `KeychainQuery` is summarised like one taking a `CFDictionary`.
/// Each file exports its dictionary aliases (`FileSymbols.dictionaryTypeAliases`) for the files
/// that use them.
extension CodeView {
    static func dictionaryTypeAliases(in code: CodeView) -> Set<Int32> {
        Set(dictionaryTypeAliasNames(in: code).map(code.nameID))
    }

    /// The name index of each `typealias` of a dictionary type in the file.
    private static func dictionaryTypeAliasNames(in code: CodeView) -> [Int] {
        var out: [Int] = []
        for i in 0..<code.count where code.kind(i) == .keyword && code.isKeyword(i, "typealias") {
            guard i + 3 < code.count, code.kind(i + 1) == .identifier, code.is(i + 2, "=") else { continue }
            if namesDictionaryType(at: i + 3, code) { out.append(i + 1) }
        }
        code.work += code.count
        return out
    }

    /// The dictionary aliases other files can name: not `private` or `fileprivate`.
    package var exportedDictionaryTypeAliases: Set<String> {
        guard !dictionaryTypeAliases.isEmpty else { return [] }
        return Set(Self.dictionaryTypeAliasNames(in: self).filter { !isFilePrivate(declaredAt: $0) }.map(text))
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

    /// Whether the identifier at `j` is a dictionary type by one of this file's `typealias`es or
    /// another file's (`typealias KeychainAttributes = [String: any Sendable]` in `Keychain.swift`,
    /// `var attributes: KeychainAttributes { … }` in a protocol extension of another file).
    package func isDictionaryTypeAlias(_ j: Int) -> Bool {
        guard kind(j) == .identifier else { return false }
        let id = nameID(j)
        if dictionaryTypeAliases.contains(id) { return true }
        typeNamesAsked.insert(id)
        return projectDictionaryTypeAliases.contains(id)
    }
}
