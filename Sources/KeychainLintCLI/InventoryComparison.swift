import KeychainLint
import KeychainLintReporters

/// `inventory --against OLD.json`: what a change does to the keychain, read from two inventories
/// in the JSON form, so an inventory kept from the base branch (or made there in CI) is enough.
///
/// Items are matched by what names them (a computed value matches any computed value, as items
/// are grouped); of a matched item, the protections that matter to a reviewer are compared: it
/// became synchronizable, its accessibility got weaker (`InventoryAccessibility.byStrength`), it
/// may now go to the file-based keychain on macOS.
struct InventoryComparison {
    /// The parts of one item the comparison reads, as the JSON spells them.
    struct Item {
        var key: String
        var title: String
        var accessibility: String?
        var synchronizable: String?
        var dataProtectionKeychain: String?
    }

    enum Failure: Error, CustomStringConvertible {
        case malformed(path: String, reason: String)
        var description: String {
            switch self {
            case .malformed(let path, let reason): return "\(path) is not an inventory (keychain-lint inventory --format json): \(reason)"
            }
        }
    }

    var added: [Item] = []
    var removed: [Item] = []
    /// A matched item, what changed (each as a sentence) and whether one of the changes weakens it.
    var changed: [(item: Item, changes: [String], weakens: Bool)] = []

    init(old: [Item], new: [Item]) {
        let before = Dictionary(old.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Set(new.map(\.key))
        added = new.filter { before[$0.key] == nil }
        removed = old.filter { !after.contains($0.key) }
        for item in new {
            guard let was = before[item.key] else { continue }
            let changes = Self.changes(from: was, to: item)
            if !changes.isEmpty { changed.append((item, changes.map(\.text), changes.contains { $0.weakens })) }
        }
    }

    private static func changes(from old: Item, to new: Item) -> [(text: String, weakens: Bool)] {
        var out: [(text: String, weakens: Bool)] = []
        if new.synchronizable == "true" && old.synchronizable != "true" { out.append(("became synchronizable (synced through iCloud Keychain)", true)) }
        if old.synchronizable == "true" && new.synchronizable != "true" { out.append(("no longer synchronizable", false)) }
        if old.accessibility != new.accessibility {
            let weaker = InventoryAccessibility.rank(new.accessibility) > InventoryAccessibility.rank(old.accessibility)
            let word = weaker ? "weaker" : "changed"
            out.append(("accessibility \(word): \(old.accessibility ?? "default") → \(new.accessibility ?? "default")", weaker))
        }
        if old.dataProtectionKeychain == "true" && new.dataProtectionKeychain == "false" {
            out.append(("may now go to the file-based keychain on macOS", true))
        }
        return out
    }

    var isEmpty: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty }

    /// Whether a matched item's protection got weaker: it became synchronizable, its
    /// accessibility is weaker, or it may now go to the file-based keychain on macOS.
    var weakens: Bool { changed.contains { $0.weakens } }

    /// Whether `--fail-on` asks for status 1 on this comparison.
    func fails(on level: InventoryOptions.FailOn?) -> Bool {
        switch level {
        case nil: return false
        case .weaker?: return weakens
        case .added?: return weakens || !added.isEmpty
        case .any?: return !isEmpty
        }
    }

    func render(markdown: Bool) -> String {
        guard !isEmpty else { return markdown ? "No keychain item added, removed or changed.\n" : "no keychain item added, removed or changed\n" }
        let bullet = markdown ? "- " : "  "
        var out = markdown ? "### Keychain items\n\n" : ""
        func section(_ heading: String, _ lines: [String]) {
            guard !lines.isEmpty else { return }
            out += (markdown ? "**\(heading)**\n\n" : "\(heading):\n") + lines.map { bullet + $0 + "\n" }.joined() + "\n"
        }
        section("Added", added.map { "new keychain item: \($0.title)" + protection($0) })
        section("Removed", removed.map(\.title))
        section("Changed", changed.map { "\($0.item.title): " + $0.changes.joined(separator: "; ") })
        return out
    }

    private func protection(_ item: Item) -> String {
        var parts: [String] = []
        if let a = item.accessibility { parts.append(InventoryText.short(a)) }
        if item.synchronizable == "true" { parts.append("synced to iCloud") }
        if item.dataProtectionKeychain == "false" { parts.append("file-based keychain on macOS") }
        return parts.isEmpty ? "" : ", " + parts.joined(separator: ", ")
    }
}

extension InventoryComparison {
    /// The items of an inventory's JSON text; throws on text that is not one.
    static func items(json bytes: [UInt8], path: String) throws(Failure) -> [Item] {
        let root: JSONValue
        do { root = try JSONParser.parse(bytes) } catch { throw .malformed(path: path, reason: error.reason) }
        guard case .object(let members) = root.kind else { throw .malformed(path: path, reason: "not a JSON object") }
        switch members.first(where: { $0.key == "inventoryVersion" })?.value.kind {
        case .number(let version)? where version == Double(InventoryJSON.formatVersion): break
        case .number(let version)?: throw .malformed(path: path, reason: "inventoryVersion \(version.formatted) (this version reads \(InventoryJSON.formatVersion))")
        default: throw .malformed(path: path, reason: "no \"inventoryVersion\"")
        }
        guard let list = members.first(where: { $0.key == "items" })?.value,
              case .array(let values) = list.kind else { throw .malformed(path: path, reason: "no \"items\" array") }
        var items: [Item] = []
        for value in values {
            guard case .object(let fields) = value.kind else { throw .malformed(path: path, reason: "an item is not an object") }
            func field(_ name: String) -> JSONValue.Kind? { fields.first { $0.key == name }?.value.kind }
            func text(_ name: String) -> String? {
                switch field(name) {
                case .string(let s)?: return s
                case .bool(let b)?: return b ? "true" : "false"
                case .object(let o)?: return o.first { $0.key == "computed" }.flatMap { if case .string(let s) = $0.value.kind { "`\(s)`" } else { nil } }
                default: return nil
                }
            }
            switch field("class") {
            case .string?, .object?: break
            default: throw .malformed(path: path, reason: "an item has no \"class\" (a string or {\"computed\": …})")
            }
            guard case .array? = field("operations") else { throw .malformed(path: path, reason: "an item has no \"operations\" array") }
            let names = ["service", "account", "server", "protocol", "applicationTag", "label", "keyType", "accessGroup"]
            let key = (["class"] + names).map { name -> String in
                guard let t = text(name) else { return "-" }
                return t.hasPrefix("`") ? "*" : "=" + t
            }.joined(separator: "\u{1F}")
            let title = ([text("class").map(InventoryText.className) ?? "unknown class"]
                + names.compactMap { name in text(name).map { "\(name)=\($0)" } }).joined(separator: " ")
            items.append(Item(key: key, title: title, accessibility: text("accessibility"),
                              synchronizable: text("synchronizable"), dataProtectionKeychain: text("dataProtectionKeychain")))
        }
        return items
    }
}

extension InventoryComparison {
    /// `--against` with `--format json`: the same three lists, for tools.
    func json() -> String {
        func entry(_ item: Item, _ changes: [String] = []) -> String {
            "{\"item\": \(JSONWriter.quoted(item.title)), \"accessibility\": \(item.accessibility.map(JSONWriter.quoted) ?? "null"), "
                + "\"synchronizable\": \(item.synchronizable.map(JSONWriter.quoted) ?? "null"), "
                + "\"changes\": [\(changes.map(JSONWriter.quoted).joined(separator: ", "))]}"
        }
        let added = self.added.map { entry($0) }, removed = self.removed.map { entry($0) }
        let changed = self.changed.map { entry($0.item, $0.changes) }
        func list(_ entries: [String]) -> String { entries.isEmpty ? "[]" : "[\n    " + entries.joined(separator: ",\n    ") + "\n  ]" }
        return "{\n  \"added\": \(list(added)),\n  \"removed\": \(list(removed)),\n  \"changed\": \(list(changed))\n}\n"
    }
}

extension Double {
    /// `1` rather than `1.0` for a whole number, for messages.
    fileprivate var formatted: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}
