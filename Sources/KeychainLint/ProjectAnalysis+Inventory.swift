import KeychainLintModel
import KeychainLintSupport
import KeychainLintSyntax

extension ProjectAnalysis {
    /// Reads, in the files that declare other files' helpers and summarised functions, what the
    /// records took from them: the expressions of values (so the inventory shows `account`, the
    /// helper's parameter, rather than only the helper's name) and the places a finding about the
    /// operation is reported at there (a helper's key, the operation a route ends in). Only the
    /// declaring files are read again, once each.
    static func resolveForeign(_ inventory: inout [[InventoryRecord]], passes: [Pass], run: Run) {
        let records = inventory.joined()
        let wanted = Set(records.flatMap(\.foreign)), remote = Set(records.flatMap(\.remote))
        guard !wanted.isEmpty || !remote.isEmpty else { return }
        let declaringFile = declaringFiles(passes)
        var sources: [Int: SourceFile] = [:]
        func source(of name: String) -> SourceFile? {
            guard let file = declaringFile[name] else { return nil }
            if sources[file] == nil, case .bytes(let bytes) = run.read(file) {
                sources[file] = SourceFile(path: run.targets[file].path, bytes: bytes)
            }
            return sources[file]
        }
        var expressions: [String: String] = [:]
        for value in wanted {
            guard let file = source(of: value.helper), value.offset < file.bytes.count else { continue }
            expressions[value.placeholder] = EntryReader.expression(in: file.bytes, at: value.offset)
        }
        var spots: [ForeignValue: InventorySpot] = [:]
        for value in remote {
            guard let file = source(of: value.helper), value.offset < file.bytes.count else { continue }
            let at = file.location(of: value.offset)
            spots[value] = InventorySpot(path: file.path, line: at.line, column: at.column)
        }
        for i in inventory.indices where inventory[i].contains(where: { !$0.foreign.isEmpty || !$0.remote.isEmpty }) {
            for k in inventory[i].indices {
                inventory[i][k].resolve(expressions)
                inventory[i][k].spots += inventory[i][k].remote.compactMap { spots[$0] }
                inventory[i][k].remote = []
                if let reached = inventory[i][k].reachesRemote {
                    inventory[i][k].reaches = spots[reached]
                    inventory[i][k].reachesRemote = nil
                }
            }
        }
    }
}
