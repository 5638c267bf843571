import KeychainLintSyntax
import KeychainLintModel

/// Reads the inventory's values out of one file's entries: constants and literals as written,
/// anything else as the text of the expression it comes from.
struct EntryReader {
    let file: KeychainFile

    func line(_ offset: Int) -> Int {
        file.source.location(of: min(offset, file.source.bytes.count)).line
    }

    /// The distinct places of the offsets that lie in this file (a helper's entries read from
    /// another file sit past its end), as a finding there would name them.
    func spots(_ offsets: [Int]) -> [InventorySpot] {
        let count = file.source.bytes.count
        return Array(Set(offsets.filter { $0 < count }.map { offset in
            let at = file.source.location(of: offset)
            return InventorySpot(path: file.source.path, line: at.line, column: at.column)
        })).sorted()
    }

    /// The naming attributes of an item's entries. Of several entries for one key (branches), the
    /// last one written wins, as it would on the path that writes them all.
    func identity(_ entries: [KeychainEntry]) -> InventoryIdentity {
        var identity = InventoryIdentity()
        let classEntry = entries.last { $0.key == "kSecClass" }
        identity.itemClass = classEntry.map(value)
        let keys: [String]
        switch identity.itemClass?.literal {
        case "kSecClassGenericPassword": keys = ["kSecAttrService", "kSecAttrAccount", "kSecAttrAccessGroup"]
        case "kSecClassInternetPassword": keys = ["kSecAttrServer", "kSecAttrProtocol", "kSecAttrAccount", "kSecAttrAccessGroup"]
        case "kSecClassKey":
            let tagged = entries.contains { $0.key == "kSecAttrApplicationTag" }
            keys = [tagged ? "kSecAttrApplicationTag" : "kSecAttrLabel", "kSecAttrKeyType", "kSecAttrAccessGroup"]
        case "kSecClassCertificate", "kSecClassIdentity": keys = ["kSecAttrLabel", "kSecAttrAccessGroup"]
        default: keys = identity.attributes.map(\.key)
        }
        for key in keys {
            guard let entry = entries.last(where: { $0.key == key }) else { continue }
            var named = value(entry)
            // Only a protocol and a key type are constants; a constant read as a service or an
            // account is a name the analysis took for another (a parameter that shadows an alias).
            if key != "kSecAttrProtocol" && key != "kSecAttrKeyType", case .symbol = entry.value {
                named = .computed(expression: expression(entry))
            }
            set(key, named, in: &identity)
        }
        return identity
    }

    private func set(_ key: String, _ value: InventoryValue, in identity: inout InventoryIdentity) {
        switch key {
        case "kSecAttrService": identity.service = value
        case "kSecAttrAccount": identity.account = value
        case "kSecAttrServer": identity.server = value
        case "kSecAttrProtocol": identity.protocol = value
        case "kSecAttrApplicationTag": identity.applicationTag = value
        case "kSecAttrLabel": identity.label = value
        case "kSecAttrKeyType": identity.keyType = value
        default: identity.accessGroup = value
        }
    }

    /// What a dictionary the file cannot read starts from (a parameter, a property): its name,
    /// for the class of an operation whose item the caller chooses.
    func origin(of dictionary: KeychainDictionary) -> String {
        let text = Self.expression(in: file.source.bytes, at: min(dictionary.originOffset, file.source.bytes.count))
        let name = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        return (name.isEmpty ? text : String(name)) + " from outside"
    }

    /// `open`: the dictionary starts from one the file cannot read, so what it does not set here
    /// may be set there: such values are unknown, not defaults.
    /// `library`: a wrapper's instance, whose unset settings are the library's defaults.
    func protection(_ entries: [KeychainEntry], line: Int, platforms: [Platform], open: Bool = false,
                    library: String? = nil) -> InventoryProtection {
        var accessibility = entries.last { $0.key == "kSecAttrAccessible" }.map(value)
        var accessControl = false
        if accessibility == nil, let control = entries.last(where: { $0.key == "kSecAttrAccessControl" }) {
            accessControl = true
            if case .accessControl(let protection) = control.value {
                accessibility = value(of: protection, entry: control)
            } else {
                accessibility = value(control)
            }
        }
        let unseen = library.map { InventoryValue.computed(expression: "\($0)'s default") }
            ?? (open ? InventoryValue.computed(expression: "not visible here") : nil)
        if accessibility == nil { accessibility = unseen }
        let synchronizable = entries.last { $0.key == "kSecAttrSynchronizable" }.map(value) ?? unseen
        let flag = entries.last { $0.key == "kSecUseDataProtectionKeychain" }.map(value) ?? unseen
        let dataProtection: InventoryValue
        if synchronizable?.literal == "true" || !platforms.contains(.macOS) {
            dataProtection = .literal("true")
        } else if let flag {
            dataProtection = flag.literal == nil ? flag : .literal(flag.literal == "true" ? "true" : "false")
        } else {
            dataProtection = .literal("false")
        }
        return InventoryProtection(path: file.source.path, line: line, accessibility: accessibility, accessControl: accessControl,
                                   synchronizable: synchronizable, dataProtectionKeychain: dataProtection, platforms: platforms)
    }

    func value(_ entry: KeychainEntry) -> InventoryValue {
        value(of: entry.value, entry: entry)
    }

    private func value(of value: KeychainValue, entry: KeychainEntry) -> InventoryValue {
        switch value {
        case .symbol(let name): return .literal(name)
        case .string(let text): return text.known.map(InventoryValue.literal) ?? .computed(expression: expression(entry))
        case .bool(let flag): return .literal(flag ? "true" : "false")
        case .number(let text): return .literal(text)
        case .accessControl(let protection): return self.value(of: protection, entry: entry)
        case .null, .dictionary, .dataFromString, .someString, .unknown: return .computed(expression: expression(entry))
        }
    }

    /// The source text of the entry's value: up to the `,`, `]`, `)` or `}` that ends it at its own
    /// depth, the end of its line or a `//` comment. An entry read from another file's helper gets a
    /// placeholder the project pass replaces with the text in that file (`ForeignValue`).
    func expression(_ entry: KeychainEntry) -> String {
        let bytes = file.source.bytes
        guard entry.home == nil, entry.valueOffset < bytes.count else {
            return entry.home.map { ForeignValue(helper: $0.helper, offset: $0.valueOffset).placeholder } ?? "set in another file"
        }
        return Self.expression(in: bytes, at: entry.valueOffset)
    }

    /// The expression starting at `start`, at most 80 bytes of it (then `…`), spaces collapsed.
    static func expression(in bytes: [UInt8], at start: Int) -> String {
        var depth = 0
        var i = start
        var inString = false
        scan: while i < bytes.count {
            let b = bytes[i]
            if inString {
                if b == UInt8(ascii: "\\") { i += 2; continue }
                if b == UInt8(ascii: "\"") { inString = false }
            } else {
                switch b {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    if depth == 0 { break scan }
                    depth -= 1
                case UInt8(ascii: ","), UInt8(ascii: "\n"), UInt8(ascii: ";"): if depth == 0 { break scan }
                case UInt8(ascii: "/") where i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "/"): break scan
                default: break
                }
            }
            i += 1
        }
        let end = min(i, bytes.count)
        var text = String(decoding: bytes[start..<end], as: UTF8.self)
            .split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
        if text.hasSuffix(" as String") { text.removeLast(" as String".count) }
        if text.count > 80 { text = String(text.prefix(79)) + "…" }
        return text.isEmpty ? "?" : text
    }
}
