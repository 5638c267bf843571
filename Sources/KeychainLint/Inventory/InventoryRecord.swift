import KeychainLintSyntax
import KeychainLintModel

/// One operation on one item, read from a file's final model (`KeychainFile`) during the passes:
/// the file's tokens are gone after its lint, so what the inventory needs is taken then.
package struct InventoryRecord: Sendable, Equatable {
    package var identity: InventoryIdentity
    package var operation: InventoryOperation
    /// For an add: the protection it gives.
    package var protection: InventoryProtection?
    package var library: String?
    /// Lines of this file the operation's call, dictionary and entries are written on: a finding
    /// reported on one concerns the item.
    package var spotLines: [Int]
    /// Values written in another file's helper: their expressions are read in that file once the
    /// passes are done (`ProjectAnalysis.resolveForeignValues`).
    package var foreign: [ForeignValue] = []

    /// What groups records into one item: the class and each naming attribute, a computed value
    /// counting as any value (the code cannot tell such items apart statically either).
    struct Key: Hashable {
        var parts: [String]
    }

    var key: Key {
        func part(_ value: InventoryValue?) -> String {
            switch value {
            case nil: return "-"
            case .literal(let text)?: return "=" + text
            case .computed?: return "*"
            }
        }
        // A wrapper's unset service is its library's default, which differs between libraries.
        return Key(parts: [part(identity.itemClass)] + identity.attributes.map { part($0.value) } + [library ?? ""])
    }

    /// The records of every operation the file makes on an item: `SecItemAdd`/`CopyMatching`/
    /// `Update`/`Delete` queries, permanent keys made by `SecKeyCreateRandomKey`, and wrapper
    /// instances. A dictionary whose use the file cannot see is not an operation (the file that
    /// passes it to one has the record, with its route).
    package static func records(in file: KeychainFile) -> [InventoryRecord] {
        let reader = EntryReader(file: file)
        var records: [InventoryRecord] = []
        for use in file.uses {
            guard let call = use.call, use.role == .query || use.role == .keyAttributes,
                  let kind = kind(of: call.operation, dictionary: use.dictionary) else { continue }
            let entries = call.operation == .createRandomKey ? use.dictionary.allEntries : use.dictionary.entries
            let line = reader.line(call.offset)
            let platforms = file.regions[Int(call.region)].platforms.platforms
            var identity = reader.identity(entries)
            if call.operation == .createRandomKey, identity.itemClass == nil { identity.itemClass = .literal("kSecClassKey") }
            let open = use.dictionary.hasUnknownBase
            if open && identity.itemClass == nil { identity.itemClass = .computed(expression: reader.origin(of: use.dictionary)) }
            let operation = InventoryOperation(kind: kind, path: file.source.path, line: line, route: call.route)
            let protection = kind == .add ? reader.protection(entries, line: line, platforms: platforms, open: open) : nil
            let spots = [call.offset, use.dictionary.originOffset] + entries.flatMap { [$0.keyOffset, $0.valueOffset] }
            var record = InventoryRecord(identity: identity, operation: operation, protection: protection, library: nil,
                                         spotLines: reader.lines(spots))
            record.foreign = entries.compactMap { $0.home.map { ForeignValue(helper: $0.helper, offset: $0.valueOffset) } }
            records.append(record)
        }
        for use in file.wrapperUses {
            guard let first = use.entries.map(\.keyOffset).min() else { continue }
            var identity = reader.identity(use.entries)
            if identity.itemClass == nil { identity.itemClass = .literal("kSecClassGenericPassword") }
            let line = reader.line(first)
            let region = use.entries.first?.region ?? 0
            let operation = InventoryOperation(kind: .configure, path: file.source.path, line: line)
            let protection = reader.protection(use.entries, line: line, platforms: file.regions[Int(region)].platforms.platforms,
                                               library: use.library.module)
            records.append(InventoryRecord(identity: identity, operation: operation, protection: protection,
                                           library: use.library.module,
                                           spotLines: reader.lines(use.entries.flatMap { [$0.keyOffset, $0.valueOffset] })))
        }
        return records
    }

    private static func kind(of operation: KeychainOperation, dictionary: KeychainDictionary) -> InventoryOperationKind? {
        switch operation {
        case .add: return .add
        case .copyMatching: return .read
        case .update: return .update
        case .delete: return .delete
        case .createRandomKey:
            // A key made without `kSecAttrIsPermanent: true` lives in memory only: no item.
            return dictionary.allEntries.contains { $0.key == "kSecAttrIsPermanent" && $0.value.isTrue } ? .add : nil
        case .createKeyWithData, .itemImport, .pkcs12Import: return nil
        }
    }
}

/// A value an operation's dictionary takes from another file's helper: where it is written there.
package struct ForeignValue: Hashable, Sendable {
    package var helper: String
    package var offset: Int

    /// The computed expression the record holds until the helper's file is read.
    var placeholder: String { "set by helper \(helper) (\(offset))" }
}

extension InventoryRecord {
    /// Puts `expressions` (placeholder → text) in place of the placeholders; a placeholder left
    /// unread names the helper alone.
    mutating func resolve(_ expressions: [String: String]) {
        guard !foreign.isEmpty else { return }
        func fix(_ value: InventoryValue?) -> InventoryValue? {
            guard case .computed(let text)? = value, let match = foreign.first(where: { $0.placeholder == text }) else { return value }
            return .computed(expression: expressions[text] ?? "set by helper \(match.helper)")
        }
        identity.itemClass = fix(identity.itemClass)
        identity.service = fix(identity.service)
        identity.account = fix(identity.account)
        identity.server = fix(identity.server)
        identity.protocol = fix(identity.protocol)
        identity.applicationTag = fix(identity.applicationTag)
        identity.label = fix(identity.label)
        identity.keyType = fix(identity.keyType)
        identity.accessGroup = fix(identity.accessGroup)
        if var p = protection {
            p.accessibility = fix(p.accessibility)
            p.synchronizable = fix(p.synchronizable)
            p.dataProtectionKeychain = fix(p.dataProtectionKeychain) ?? p.dataProtectionKeychain
            protection = p
        }
        foreign = []
    }
}
