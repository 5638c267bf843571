import KeychainLint

/// `inventory` on a terminal: the items as an aligned table (one row each: class, names,
/// protection, library, findings), then their operations (one row each, under the item's
/// number), then what the analysis could not resolve. A cell longer than `width` characters is
/// cut with `…`; the JSON and markdown keep the full text, as the last section does.
struct InventoryTable {
    var colors: Bool
    var width = 34

    private static let bold = "\u{1B}[1m", yellow = "\u{1B}[33m", red = "\u{1B}[31m", dim = "\u{1B}[2m", reset = "\u{1B}[0m"

    /// A cell: its text, and the colour it is printed in when colours are on.
    private struct Cell {
        var text: String
        var color: String?
        init(_ text: String, _ color: String? = nil) { (self.text, self.color) = (text, color) }
    }

    func render(_ inventory: KeychainInventory) -> String {
        guard !inventory.items.isEmpty else { return "no keychain item found\n" }
        var rows: [[Cell]] = []
        var operations: [[Cell]] = []
        var unresolved: [[Cell]] = []
        for (n, item) in inventory.items.enumerated() {
            rows.append(row(item, number: n + 1))
            for op in item.operations {
                operations.append([Cell("\(n + 1)"), Cell(op.kind.rawValue), Cell("\(op.path):\(op.line)"),
                                   Cell(op.route.isEmpty ? "" : op.route.joined(separator: " → "))])
            }
            for note in item.unresolved { unresolved.append([Cell("\(n + 1)"), Cell(note)]) }
        }
        var out = table(header: ["#", "CLASS", "NAME", "ACCOUNT / KEY TYPE", "ACCESS GROUP", "ACCESSIBILITY", "SYNC",
                                 "DATA PROTECTION", "LIBRARY", "FINDINGS"], rows: rows, cut: true)
        out += "\n" + table(header: ["#", "OPERATION", "LOCATION", "VIA"], rows: operations, cut: false)
        if !unresolved.isEmpty { out += "\n" + table(header: ["#", "UNRESOLVED"], rows: unresolved, cut: false) }
        return out
    }

    private func row(_ item: InventoryItem, number: Int) -> [Cell] {
        let id = item.identity
        var name = (id.service ?? id.server ?? id.applicationTag ?? id.label).map(Self.text) ?? "-"
        if let proto = id.protocol { name += " (\(Self.text(proto)))" }
        let added = !item.protections.isEmpty
        let accessibility = !added ? "never added here"
            : item.accessibility.map { $0.literal == nil && !item.protections.contains(where: \.accessControl) ? Self.text($0) : InventoryText.accessibility(item) }
            ?? InventoryText.accessibility(item)
        let weakAccess = item.accessibility?.literal.map { InventoryAccessibility.rank($0) > InventoryAccessibility.rank(nil) } ?? false
        let sync = item.synchronizable.map(Self.flag) ?? "-"
        let dataProtection = item.dataProtectionKeychain.map(Self.flag) ?? "-"
        return [
            Cell("\(number)"), Cell(Self.className(id.itemClass)), Cell(name), Cell((id.account ?? id.keyType).map(Self.text) ?? "-"),
            Cell(id.accessGroup.map(Self.text) ?? "-"),
            Cell(accessibility, added ? (weakAccess ? Self.yellow : nil) : Self.dim),
            Cell(sync, sync == "yes" ? Self.yellow : nil),
            Cell(dataProtection == "no" ? "no (file-based)" : dataProtection, dataProtection == "no" ? Self.yellow : nil),
            Cell(item.library ?? "-"),
            Cell(item.findings.isEmpty ? "-" : item.findings.joined(separator: ", "), item.findings.isEmpty ? nil : Self.red),
        ]
    }

    /// Rows under a header, each column as wide as its widest cell (at most `width` when `cut`),
    /// two spaces apart; the last column is neither cut nor padded.
    private func table(header: [String], rows: [[Cell]], cut: Bool) -> String {
        // The last column (findings, a route, a note) is never cut: nothing follows it.
        let cells = rows.map { row in
            row.enumerated().map { k, cell in cut && k < row.count - 1 ? Cell(Self.cut(cell.text, to: width), cell.color) : cell }
        }
        var widths = header.map(\.count)
        for row in cells { for (k, cell) in row.enumerated() { widths[k] = max(widths[k], cell.text.count) } }
        func line(_ row: [Cell]) -> String {
            var text = ""
            for (k, cell) in row.enumerated() {
                let last = k == row.count - 1
                let padded = last ? cell.text : cell.text + String(repeating: " ", count: widths[k] - cell.text.count)
                text += (colors && cell.color != nil ? cell.color! + padded + Self.reset : padded) + (last ? "" : "  ")
            }
            while text.hasSuffix(" ") { text.removeLast() }
            return text + "\n"
        }
        let head = line(header.map { Cell($0, Self.bold) })
        return head + cells.map(line).joined()
    }

    static func cut(_ text: String, to width: Int) -> String {
        text.count > width ? String(text.prefix(width - 1)) + "…" : text
    }

    /// A value as the table shows it: a wrapper's unset setting as `library default`.
    private static func text(_ value: InventoryValue) -> String {
        if case .computed(let expression) = value, expression.hasSuffix("'s default") { return "library default" }
        return value.text
    }

    private static func flag(_ value: InventoryValue) -> String {
        switch value.literal {
        case "true": return "yes"
        case "false": return "no"
        default: return text(value)
        }
    }

    private static func className(_ value: InventoryValue?) -> String {
        switch value {
        case .literal(let name)?: return InventoryText.className(name)
        case .computed(let expression)?: return "`\(expression)`"
        case nil: return "unknown"
        }
    }
}
