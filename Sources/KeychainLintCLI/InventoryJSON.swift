import KeychainLint
import KeychainLintReporters

/// `inventory --format json`: the stable form, which `--against` reads back and CI keeps.
///
/// Field names are part of the interface (docs/INVENTORY.md). A literal is a JSON string, a
/// `true`/`false` flag a JSON boolean, a value the code computes `{"computed": "expression"}`,
/// an attribute the code does not set `null`. One item per block, fields in a fixed order, so two
/// inventories diff line by line.
enum InventoryJSON {
    static let formatVersion = 1

    static func render(_ inventory: KeychainInventory) -> String {
        var w = JSONWriter()
        w.raw("{\n  \"inventoryVersion\": \(formatVersion),\n  \"tool\": ")
        w.string("keychain-lint \(ToolInfo.version)")
        w.raw(",\n  \"filesAnalysed\": \(inventory.filesAnalysed),\n  \"items\": [")
        for (n, item) in inventory.items.enumerated() {
            w.raw(n == 0 ? "\n" : ",\n")
            write(item, into: &w)
        }
        w.raw(inventory.items.isEmpty ? "],\n" : "\n  ],\n")
        w.raw("  \"problems\": [")
        w.raw(inventory.problems.map { JSONWriter.quoted($0.message) }.joined(separator: ", "))
        w.raw("]\n}\n")
        return w.output
    }

    private static func write(_ item: InventoryItem, into w: inout JSONWriter) {
        let id = item.identity
        var fields: [(String, String)] = [("class", value(id.itemClass))]
        let names = ["service", "account", "server", "protocol", "applicationTag", "label", "keyType", "accessGroup"]
        for (name, attribute) in zip(names, id.attributes) { fields.append((name, value(attribute.value))) }
        fields += [
            ("accessibility", value(item.accessibility)),
            ("accessControl", item.protections.contains(where: \.accessControl) ? "true" : "false"),
            ("synchronizable", flag(item.synchronizable)),
            ("dataProtectionKeychain", flag(item.dataProtectionKeychain)),
            ("platforms", strings(item.platforms.map(\.rawValue))),
            ("library", item.library.map(JSONWriter.quoted) ?? "null"),
            ("unresolved", strings(item.unresolved)),
            ("findings", strings(item.findings)),
        ]
        w.raw("    {\n")
        for (name, text) in fields { w.raw("      \"\(name)\": \(text),\n") }
        w.raw("      \"operations\": [")
        w.raw(item.operations.map { op in
            "\n        {\"kind\": \"\(op.kind.rawValue)\", \"path\": \(JSONWriter.quoted(op.path)), \"line\": \(op.line), "
                + "\"route\": \(strings(op.route))}"
        }.joined(separator: ","))
        w.raw(item.operations.isEmpty ? "],\n" : "\n      ],\n")
        w.raw("      \"protections\": [")
        w.raw(item.protections.map { p in
            "\n        {\"path\": \(JSONWriter.quoted(p.path)), \"line\": \(p.line), \"accessibility\": \(value(p.accessibility)), "
                + "\"accessControl\": \(p.accessControl), \"synchronizable\": \(flag(p.synchronizable)), "
                + "\"dataProtectionKeychain\": \(flag(p.dataProtectionKeychain)), \"platforms\": \(strings(p.platforms.map(\.rawValue)))}"
        }.joined(separator: ","))
        w.raw(item.protections.isEmpty ? "]\n" : "\n      ]\n")
        w.raw("    }")
    }

    static func value(_ value: InventoryValue?) -> String {
        switch value {
        case nil: return "null"
        case .literal(let text)?: return JSONWriter.quoted(text)
        case .computed(let expression)?: return "{\"computed\": \(JSONWriter.quoted(expression))}"
        }
    }

    /// A flag: `true`/`false` as JSON booleans, anything else as `value` writes it.
    static func flag(_ value: InventoryValue?) -> String {
        switch value?.literal {
        case "true": return "true"
        case "false": return "false"
        default: return self.value(value)
        }
    }

    static func strings(_ list: [String]) -> String {
        "[" + list.map(JSONWriter.quoted).joined(separator: ", ") + "]"
    }
}
