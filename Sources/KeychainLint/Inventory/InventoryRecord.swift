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
    /// Where the lint run may report a finding about this operation: its call, its dictionary's
    /// start and its entries' keys and values, in this file and (once the passes are done) in the
    /// files of the helpers its entries come from and of the function its route ends in.
    package var spots: [InventorySpot]
    /// Spots in other files, by the helper or function that declares them, until the project pass
    /// knows those files (`ProjectAnalysis.resolveForeign`).
    package var remote: [ForeignValue] = []
    /// Values written in another file's helper: their expressions are read in that file once the
    /// passes are done (`ProjectAnalysis.resolveForeign`).
    package var foreign: [ForeignValue] = []
    /// For a call of a function that passes its dictionary on: where that function's own
    /// operation is (the `SecItem…` call inside it), in this file, or once the passes are done in
    /// the function's file (`reachesRemote`). That operation, seen in its body with the caller's
    /// dictionary unknown, is this record's, not an item of its own.
    package var reaches: InventorySpot?
    package var reachesRemote: ForeignValue?

    /// What groups records into one item: the class and each naming attribute, a computed value
    /// counting as any value (the code cannot tell such items apart statically either).
    struct Key: Hashable {
        var parts: [String]

        /// Whether a query with this key can match items with `stored`'s: the same class, a
        /// constant one, and of the attributes `stored` names, fewer named here, each equal (a
        /// computed value equal to a computed one, as items are grouped). The library is not
        /// compared: a `SecItem` query finds an item a wrapper stored.
        func isNarrower(than stored: Key) -> Bool {
            guard parts.count == stored.parts.count, let kind = parts.first, kind.hasPrefix("="), kind == stored.parts.first else { return false }
            let named = parts.dropFirst().dropLast(), other = stored.parts.dropFirst().dropLast()
            var fewer = false
            for (a, b) in zip(named, other) {
                if a == "-" { fewer = fewer || b != "-"; continue }
                if a != b { return false }
            }
            return fewer
        }
    }

    /// An add, or a wrapper instance configured for the item: the code stores the item.
    var isStoring: Bool { operation.kind == .add || operation.kind == .configure }

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
    package static func records(in model: FileModel) -> [InventoryRecord] {
        let file = model.file
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
            let spots = [call.offset, use.dictionary.originOffset, use.missingEntryOffset] + entries.flatMap { [$0.keyOffset, $0.valueOffset] }
            var record = InventoryRecord(identity: identity, operation: operation, protection: protection, library: nil,
                                         spots: reader.spots(spots))
            record.foreign = entries.compactMap { $0.home.map { ForeignValue(helper: $0.helper, offset: $0.valueOffset) } }
            record.remote = entries.flatMap { entry in
                entry.home.map { [ForeignValue(helper: $0.helper, offset: $0.keyOffset), ForeignValue(helper: $0.helper, offset: $0.valueOffset)] } ?? []
            } + (call.sink.map { [ForeignValue(helper: $0.function, offset: $0.offset)] } ?? [])
            if let sink = call.sink {
                // A private function's operation is in this file; another file's is found later.
                if model.declaresFunction(routed: sink.function) { record.reaches = reader.spots([sink.offset]).first }
                else { record.reachesRemote = ForeignValue(helper: sink.function, offset: sink.offset) }
            }
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
                                           spots: reader.spots(use.entries.flatMap { [$0.keyOffset, $0.valueOffset] })))
        }
        records += wrapperCallRecords(in: model, reader: reader)
        return records
    }

    /// A wrapper's reads, writes and removals (`keychain["k"] = v` is an add: the library adds or
    /// updates), on the item of the instance they are made on; on an unresolved item named after
    /// the receiver when the file does not show how the instance was made.
    private static func wrapperCallRecords(in model: FileModel, reader: EntryReader) -> [InventoryRecord] {
        let file = model.file
        return model.wrapperCalls().map { call in
            let line = reader.line(call.offset)
            let kind: InventoryOperationKind = call.kind == .read ? .read : call.kind == .write ? .add : .delete
            var identity = call.instance.map(reader.identity) ?? InventoryIdentity()
            if identity.itemClass == nil {
                identity.itemClass = call.instance == nil
                    ? .computed(expression: "\(call.receiver), a \(call.library.module) instance made elsewhere")
                    : .literal("kSecClassGenericPassword")
            }
            let protection = kind == .add
                ? reader.protection(call.instance ?? [], line: line, platforms: file.regions[Int(call.region)].platforms.platforms,
                                    library: call.library.module)
                : nil
            return InventoryRecord(identity: identity, operation: InventoryOperation(kind: kind, path: file.source.path, line: line),
                                   protection: protection, library: call.library.module, spots: reader.spots([call.offset]))
        }
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

/// A place a finding about an operation may be reported at: path, 1-based line and byte column,
/// as `Finding` names them.
package struct InventorySpot: Hashable, Sendable, Comparable {
    package var path: String
    package var line: Int
    package var column: Int

    package static func < (a: Self, b: Self) -> Bool { (a.path, a.line, a.column) < (b.path, b.line, b.column) }
}
