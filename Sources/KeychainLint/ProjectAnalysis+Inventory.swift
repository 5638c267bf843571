import KeychainLintModel

extension ProjectAnalysis {
    /// Reads the expressions of values the records took from other files' helpers in the files
    /// that declare those helpers, so the inventory shows `account` (the helper's parameter)
    /// rather than only the helper's name. Only the declaring files are read again, once each.
    static func resolveForeignValues(_ inventory: inout [[InventoryRecord]], passes: [Pass], run: Run) {
        let wanted = Set(inventory.joined().flatMap(\.foreign))
        guard !wanted.isEmpty else { return }
        var declaringFile: [String: Int] = [:]
        for (i, pass) in passes.enumerated() {
            guard let declared = pass.tokenized?.declared else { continue }
            for name in declared.helpers.keys { declaringFile[name] = min(declaringFile[name] ?? i, i) }
            for summary in declared.summaries.values.joined() {
                declaringFile[summary.route] = min(declaringFile[summary.route] ?? i, i)
            }
        }
        var bytesOf: [Int: [UInt8]] = [:]
        var expressions: [String: String] = [:]
        for value in wanted {
            guard let file = declaringFile[value.helper] else { continue }
            if bytesOf[file] == nil, case .bytes(let bytes) = run.read(file) { bytesOf[file] = bytes }
            guard let bytes = bytesOf[file], value.offset < bytes.count else { continue }
            expressions[value.placeholder] = EntryReader.expression(in: bytes, at: value.offset)
        }
        for i in inventory.indices where inventory[i].contains(where: { !$0.foreign.isEmpty }) {
            for k in inventory[i].indices { inventory[i][k].resolve(expressions) }
        }
    }
}
