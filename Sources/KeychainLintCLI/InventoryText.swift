import Foundation
import KeychainLint

/// `inventory --format markdown` (a review document) and the summary line: the same facts as the
/// JSON, laid out for reading (the terminal's table is `InventoryTable`).
enum InventoryText {
    static func markdown(_ inventory: KeychainInventory) -> String {
        var out = "# Keychain inventory\n\n" + summary(inventory) + "\n\n"
        guard !inventory.items.isEmpty else { return out }
        out += "| # | item | accessibility | synchronizable | data protection keychain | operations | findings |\n"
        out += "| --- | --- | --- | --- | --- | --- | --- |\n"
        for (n, item) in inventory.items.enumerated() {
            let ops = item.operations.map { "\($0.kind.rawValue) `\($0.path):\($0.line)`" }.joined(separator: "<br>")
            let cells = [
                "\(n + 1)", cell(title(item)) + (item.unresolved.isEmpty ? "" : " (unresolved)"),
                cell(accessibility(item)), cell(item.synchronizable?.text ?? "—"), cell(item.dataProtectionKeychain?.text ?? "—"),
                ops, item.findings.map { "`\($0)`" }.joined(separator: ", "),
            ]
            out += "| " + cells.joined(separator: " | ") + " |\n"
        }
        let unresolved = inventory.items.enumerated().filter { !$0.element.unresolved.isEmpty }
        if !unresolved.isEmpty {
            out += "\n## Unresolved\n\n"
            for (n, item) in unresolved { out += "- item \(n + 1): " + item.unresolved.map(cell).joined(separator: "; ") + "\n" }
        }
        return out
    }

    /// `generic password service="com.example" account=`account``.
    static func title(_ item: InventoryItem) -> String {
        let id = item.identity
        let kind: String
        switch id.itemClass {
        case .literal(let name)?: kind = className(name)
        case .computed(let expression)?: kind = "class `\(expression)`"
        case nil: kind = "unknown class"
        }
        let names = zip(["service", "account", "server", "protocol", "tag", "label", "keyType", "group"], id.attributes)
            .compactMap { name, attribute in attribute.value.map { "\(name)=\(quoted($0))" } }
        return ([kind] + names).joined(separator: " ")
    }

    static func className(_ constant: String) -> String {
        switch constant {
        case "kSecClassGenericPassword": return "generic password"
        case "kSecClassInternetPassword": return "internet password"
        case "kSecClassKey": return "key"
        case "kSecClassCertificate": return "certificate"
        case "kSecClassIdentity": return "identity"
        default: return constant
        }
    }

    private static func quoted(_ value: InventoryValue) -> String {
        guard case .literal(let text) = value else { return value.text }
        return text.hasPrefix("kSec") ? text : "\"\(text)\""
    }

    static func accessibility(_ item: InventoryItem) -> String {
        guard !item.protections.isEmpty else { return "— (never added here)" }
        let shown = item.accessibility.map { short($0.text) } ?? "default (WhenUnlocked)"
        return shown + (item.protections.contains(where: \.accessControl) ? " + access control" : "")
    }

    static func short(_ constant: String) -> String {
        constant.hasPrefix("kSecAttrAccessible") ? String(constant.dropFirst("kSecAttrAccessible".count)) : constant
    }

    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    static func summary(_ inventory: KeychainInventory) -> String {
        let unresolved = inventory.items.filter { !$0.unresolved.isEmpty }.count
        // An operation attached to several items (a delete by service alone) counts once.
        let ops = Set(inventory.items.flatMap(\.operations)).count
        return "\(CommandLineTool.count(inventory.items.count, "item")) (\(unresolved) with unresolved values), "
            + "\(CommandLineTool.count(ops, "operation")) in \(CommandLineTool.count(inventory.filesAnalysed, "file"))"
    }
}
