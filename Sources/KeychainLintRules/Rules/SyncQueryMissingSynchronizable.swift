import KeychainLintModel

/// Queries see only non-synchronizable items unless they say otherwise.
struct SyncQueryMissingSynchronizable: Rule {
    static let description = RuleDescription(
        id: "sync-query-missing-synchronizable",
        defaultSeverity: .warning,
        summary: "A query for an item this file adds as synchronizable that does not set kSecAttrSynchronizable.",
        rationale: """
        SecItemCopyMatching, SecItemUpdate and SecItemDelete match only non-synchronizable items unless \
        the query has kSecAttrSynchronizable (true or kSecAttrSynchronizableAny). The synced item is never \
        found: reads return errSecItemNotFound, and deletes leave it in iCloud Keychain.
        """,
        howToFix: "Add kSecAttrSynchronizable: kSecAttrSynchronizableAny (or true) to every query for a synchronizable item.",
        triggering: [
            RuleExample("""
            func save(_ token: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example.token", kSecAttrAccount: "me",
                            kSecAttrSynchronizable: true, kSecValueData: token] as CFDictionary, nil)
            }
            func load() {
                SecItemCopyMatching(↓[kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example.token",
                                      kSecReturnData: true, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """),
            RuleExample("""
            enum Keys { static let service = "com.example.token" }
            func save(_ token: Data) {
                var q = [String: Any]()
                q[kSecClass as String] = kSecClassGenericPassword
                q[kSecAttrService as String] = Keys.service
                q[kSecAttrSynchronizable as String] = kCFBooleanTrue
                q[kSecValueData as String] = token
                SecItemAdd(q as CFDictionary, nil)
            }
            func remove() {
                let q: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: Keys.service,
                                        kSecUseDataProtectionKeychain as String: true]
                ↓SecItemDelete(q as CFDictionary)
            }
            """),
        ],
        nonTriggering: [
            RuleExample("""
            func save(_ token: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example.token",
                            kSecAttrSynchronizable: true, kSecValueData: token] as CFDictionary, nil)
            }
            func load() {
                SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example.token",
                                     kSecAttrSynchronizable: kSecAttrSynchronizableAny, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func save(_ token: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example.token",
                            kSecAttrSynchronizable: true, kSecValueData: token] as CFDictionary, nil)
            }
            func load() {
                SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example.other",
                                     kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
                SecItemCopyMatching([kSecClass: kSecClassInternetPassword, kSecAttrServer: "com.example.token",
                                     kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, note: "Different services or classes."),
            RuleExample("""
            func save(_ token: Data, service: String) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: service,
                            kSecAttrSynchronizable: true, kSecValueData: token] as CFDictionary, nil)
            }
            func load(service: String) {
                SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecAttrService: service,
                                     kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, note: "Unknown services are not compared."),
        ],
        fix: fix
    )

    private struct ItemKey: Hashable {
        var itemClass: String
        var attribute: String
        var value: String
    }

    /// What adding kSecAttrSynchronizableAny changes for the items already stored: the query
    /// then matches the synchronized copies too, which iCloud Keychain shares with every device.
    static func storedItemsEffect(of operation: KeychainOperation) -> String {
        switch operation {
        case .delete: return "the delete also removes the synchronized item, from every device of the user"
        case .update: return "the update also changes the synchronized item, on every device of the user"
        default: return "the lookup also matches the synchronized item, which it may return instead"
        }
    }

    private static func key(_ dictionary: KeychainDictionary) -> ItemKey? {
        guard let itemClass = dictionary.itemClass else { return nil }
        for attribute in ["kSecAttrService", "kSecAttrServer"] {
            if let value = dictionary.first(attribute)?.value.knownText {
                return ItemKey(itemClass: itemClass, attribute: attribute, value: value)
            }
        }
        return nil
    }

    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        var synced = Set<ItemKey>()
        for use in file.uses where use.role == .query && use.effectiveOperation == .add {
            if use.dictionary.entries.contains(where: { $0.key == "kSecAttrSynchronizable" && $0.value.isTrue }),
               let key = Self.key(use.dictionary) {
                synced.insert(key)
            }
        }
        guard !synced.isEmpty else { return }
        for use in file.uses where use.role == .query {
            guard let op = use.call?.operation, op == .copyMatching || op == .update || op == .delete,
                  use.dictionary.lacks("kSecAttrSynchronizable"),
                  let key = Self.key(use.dictionary), synced.contains(key) else { continue }
            findings.report(missingIn: use, "Query without kSecAttrSynchronizable for an item added as synchronizable; it never finds the synced item. Add kSecAttrSynchronizable: kSecAttrSynchronizableAny.",
                            fix: EntryInsertion.fix(adding: "kSecAttrSynchronizable", .constant("kSecAttrSynchronizableAny"), to: use, in: file)?
                                .unsafe(because: Self.storedItemsEffect(of: op)))
        }
    }
}
