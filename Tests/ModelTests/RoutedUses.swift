import KeychainLintModel
import KeychainLintSyntax

/// The uses the calls of `snippet` make when it follows `declarations` in one file (the
/// declarations' own bodies left out), as `operation route: keys`: a route says which function,
/// method or subscript a call was resolved to.
func routedUses(of snippet: String, after declarations: String) -> [String] {
    let text = declarations + snippet
    let file = KeychainFile(source: SourceFile(path: "T.swift", text: text), platforms: .all)
    let start = declarations.utf8.count
    return file.uses.compactMap { use in
        guard let call = use.call, call.offset >= start else { return nil }
        let entries = use.dictionary.entries.map(\.key).joined(separator: ",")
        return "\(call.operation.rawValue) \(call.route.joined(separator: ">")): \(entries)"
    }
}
