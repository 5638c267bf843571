import KeychainLintSyntax
import KeychainLintModel

/// On macOS, SecItem defaults to the legacy file-based keychain unless asked otherwise.
struct MissingDataProtectionKeychain: Rule {
    static let description = RuleDescription(
        id: "missing-data-protection-keychain",
        defaultSeverity: .warning,
        summary: "A SecItem call in code that may run on macOS without kSecUseDataProtectionKeychain.",
        rationale: """
        Without kSecUseDataProtectionKeychain (or a true kSecAttrSynchronizable), a native macOS app \
        reads and writes the legacy file-based keychain, which ignores kSecAttrAccessible, access groups \
        and biometric access control, and prompts the user for keychain passwords. The same code on iOS \
        uses the data protection keychain, so the bug only shows on the Mac.
        """,
        howToFix: """
        Add kSecUseDataProtectionKeychain: true to every SecItemAdd, SecItemCopyMatching, SecItemUpdate \
        and SecItemDelete dictionary (an entry inside #if os(macOS) is enough). Code that targets the \
        file-based keychain on purpose names it with kSecUseKeychain, kSecMatchSearchList or kSecAttrAccess.
        """,
        triggering: [
            RuleExample("""
            func save(_ note: Data) -> OSStatus {
                let query: [String: Any] = [
                    kSecClass as String: kSecClassGenericPassword,
                    kSecAttrService as String: "com.example.notes",
                    kSecAttrAccount as String: "main",
                    kSecValueData as String: note,
                ]
                return ↓SecItemAdd(query as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func load() -> Data? {
                var q = [String: Any]()
                q[kSecClass as String] = kSecClassGenericPassword
                q[kSecAttrService as String] = "com.example.notes"
                q[kSecReturnData as String] = true
                var out: CFTypeRef?
                guard ↓SecItemCopyMatching(q as CFDictionary, &out) == errSecSuccess else { return nil }
                return out as? Data
            }
            """),
            RuleExample("""
            func remove() {
                SecItemDelete(↓[kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example.notes"] as CFDictionary)
            }
            """, note: "A literal passed directly: reported at its bracket."),
            RuleExample("""
            func update(_ data: Data) {
                let query = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.notes"]
                ↓SecItemUpdate(query as CFDictionary, [kSecValueData as String: data] as CFDictionary)
                _ = ↓SecItemDelete(query as CFDictionary)
            }
            """, note: "Reported at each call."),
            RuleExample("""
            func load() {
                var q: [String: Any] = [kSecClass as String: kSecClassKey, kSecReturnRef as String: true]
                #if os(iOS)
                q[kSecUseDataProtectionKeychain as String] = true
                #endif
                ↓SecItemCopyMatching(q as CFDictionary, nil)
            }
            """, note: "The flag is set only where it does nothing."),
            RuleExample("""
            func find(_ ref: SecKey) {
                SecItemCopyMatching(↓[kSecValueRef: ref, kSecReturnAttributes: true] as CFDictionary, nil)
            }
            """, note: "A kSecValueRef lookup still needs the flag."),
            RuleExample("""
            func save(_ token: Data, keychain: SecKeychain) {
                var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: token]
                #if DEBUG
                q[kSecUseKeychain as String] = keychain
                #endif
                ↓SecItemAdd(q as CFDictionary, nil)
            }
            """, note: "The file-based keychain is named only on some macOS builds."),
            RuleExample("""
            func save(_ token: Data, synced: Bool) {
                SecItemAdd(↓[kSecClass: kSecClassGenericPassword, kSecAttrSynchronizable: synced ? kCFBooleanTrue! : kCFBooleanFalse!,
                            kSecValueData: token] as CFDictionary, nil)
            }
            """, note: "A value that may or may not be true does not exempt the dictionary."),
            RuleExample("""
            func attributes(of items: [SecKey]) {
                var out: CFTypeRef?
                SecItemCopyMatching(↓[kSecMatchItemList: items, kSecReturnAttributes: true] as CFDictionary, &out)
            }
            """),
            RuleExample("""
            func rotate(_ token: Data) {
                var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: token]
                q.merge([kSecUseDataProtectionKeychain as String: true]) { $1 }
                SecItemAdd(q as CFDictionary, nil)
                q.removeValue(forKey: kSecUseDataProtectionKeychain as String)
                ↓SecItemDelete(q as CFDictionary)
            }
            """, note: "Removed before the second call.", excludeFromDocumentation: true),
            RuleExample("""
            func save(_ token: Data, syncing: Bool) -> OSStatus {
                var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example",
                                        kSecAttrAccount as String: "me", kSecValueData as String: token]
                if syncing {
                    q[kSecAttrSynchronizable as String] = kCFBooleanTrue
                }
                return ↓SecItemAdd(q as CFDictionary, nil)
            }
            """, note: "Synchronizable set on one branch only: without it the item goes to the file-based keychain."),
            RuleExample("""
            func remove(service: String, from keychain: SecKeychain?) -> OSStatus {
                var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service]
                if let keychain {
                    q[kSecUseKeychain as String] = keychain
                }
                return ↓SecItemDelete(q as CFDictionary)
            }
            """, note: "The file-based keychain is named on one path only; without a keychain the call still falls to the default."),
            RuleExample("""
            func fetch(_ query: [String: Any]) -> OSStatus {
                SecItemCopyMatching(query as CFDictionary, nil)
            }
            func loadKey() -> OSStatus {
                fetch(↓[kSecClass as String: kSecClassKey, kSecAttrApplicationTag as String: Data("k".utf8),
                        kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom])
            }
            """, note: "The dictionary reaches SecItemCopyMatching through a parameter: reported where it is built."),
            RuleExample("""
            protocol KeychainOperations { func delete(_ query: CFDictionary) -> OSStatus }
            struct SystemKeychain: KeychainOperations {
                func delete(_ query: CFDictionary) -> OSStatus { SecItemDelete(query) }
            }
            struct TokenStore {
                let keychain: KeychainOperations = SystemKeychain()
                func wipe() -> OSStatus {
                    let query = [kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example.token"] as CFDictionary
                    return keychain.↓delete(query)
                }
            }
            """, note: "Through a protocol's operation, implemented once in the project.", excludeFromDocumentation: true),
            RuleExample("""
            func perform(_ query: [String: Any], _ operation: (CFDictionary) -> OSStatus) -> OSStatus {
                operation(query as CFDictionary)
            }
            func forget() -> OSStatus {
                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example"]
                return ↓perform(query) { SecItemDelete($0) }
            }
            """, note: "Into a closure the helper calls with the dictionary.", excludeFromDocumentation: true),
            RuleExample("""
            struct KeychainItems {
                subscript(deleting query: [String: Any]) -> OSStatus { SecItemDelete(query as CFDictionary) }
            }
            func clear(items: KeychainItems) -> OSStatus {
                items[deleting: ↓[kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example"]]
            }
            """, note: "Through a subscript the receiver's type declares.", excludeFromDocumentation: true),
            RuleExample("""
            func removeAll(keychain: SecKeychain) {
                var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
                #if DEBUG
                q[kSecUseKeychain as String] = keychain
                #endif
                ↓SecItemDelete(q as CFDictionary)
            }
            """, note: "A build condition that names no platform is unknown: a build without DEBUG has no choice of keychain at the call.", excludeFromDocumentation: true),
        ],
        nonTriggering: [
            RuleExample("""
            func remove(keychain: SecKeychain) {
                #if DEBUG
                let q: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecUseKeychain as String: keychain]
                SecItemDelete(q as CFDictionary)
                #endif
            }
            """, note: "Code inside a branch of an unknown condition is judged as written there: the call names the file-based keychain.", excludeFromDocumentation: true),
            RuleExample("""
            func save(_ note: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example.notes",
                            kSecValueData: note, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """),
            RuleExample("""
            struct KeychainItems {
                subscript(deleting query: [String: Any]) -> OSStatus { SecItemDelete(query as CFDictionary) }
            }
            func clear(items: KeychainItems, cache: [[String: Any]: Int]) -> OSStatus {
                _ = cache[[kSecClass as String: kSecClassGenericPassword]]
                return items[deleting: [kSecClass as String: kSecClassGenericPassword, kSecUseDataProtectionKeychain as String: true]]
            }
            """, note: "The subscript is given the flag; a dictionary's own subscript is no keychain call.", excludeFromDocumentation: true),
            RuleExample("""
            func save(_ note: Data) {
                var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: note]
                #if os(macOS)
                q[kSecUseDataProtectionKeychain as String] = true
                #endif
                SecItemAdd(q as CFDictionary, nil)
            }
            """, note: "An entry inside #if os(macOS) counts."),
            RuleExample("""
            func load() {
                SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecUseDataProtectionKeychain: false] as CFDictionary, nil)
            }
            """, note: "An explicit false is a deliberate choice."),
            RuleExample("""
            func save(_ token: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrSynchronizable: kCFBooleanTrue!,
                            kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock, kSecValueData: token] as CFDictionary, nil)
            }
            """, note: "Synchronizable items live in the data protection keychain."),
            RuleExample("""
            func save(_ token: Data, keychain: SecKeychain) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecUseKeychain: keychain, kSecValueData: token] as CFDictionary, nil)
            }
            """, note: "The file-based keychain on purpose."),
            RuleExample("""
            func save(_ token: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecValueData: token] as CFDictionary, nil)
            }
            """, platforms: .iOS, note: "An iOS-only project."),
            RuleExample("""
            #if os(iOS)
            func save(_ token: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecValueData: token] as CFDictionary, nil)
            }
            #endif
            """, note: "Code that runs only on iOS."),
            RuleExample("""
            #if canImport(UIKit)
            func wipe() { SecItemDelete([kSecClass: kSecClassGenericPassword] as CFDictionary) }
            #elseif os(macOS)
            func wipe() { SecItemDelete([kSecClass: kSecClassGenericPassword, kSecUseDataProtectionKeychain: true] as CFDictionary) }
            #endif
            """),
            RuleExample("""
            func makeQuery() -> [String: Any] {
                [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.notes"]
            }
            """, note: "No call is visible: the rule needs one."),
            RuleExample("""
            private let Class = String(kSecClass)
            private let DataProtection = String(kSecUseDataProtectionKeychain)
            func save(_ token: Data) {
                var q: [String: Any] = [Class: kSecClassGenericPassword]
                q.updateValue(token, forKey: kSecValueData as String)
                q.updateValue(true, forKey: DataProtection)
                SecItemAdd(q as CFDictionary, nil)
            }
            """, note: "Key aliases and updateValue.", excludeFromDocumentation: true),
            RuleExample("""
            func find(in keychains: [SecKeychain], access: SecAccess, token: Data) {
                SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecMatchSearchList: keychains] as CFDictionary, nil)
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrAccess: access, kSecValueData: token] as CFDictionary, nil)
            }
            """, note: "A search list or a SecAccess names the file-based keychain."),
            RuleExample("""
            func save(_ token: Data, keychain: SecKeychain) {
                var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: token]
                #if os(macOS)
                q[kSecUseKeychain as String] = keychain
                #else
                q[kSecUseDataProtectionKeychain as String] = true
                #endif
                SecItemAdd(q as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func scoped(_ query: inout [String: Any]) {
                query[kSecUseDataProtectionKeychain as String] = true
            }
            func wipe() -> OSStatus {
                var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example"]
                scoped(&q)
                return SecItemDelete(q as CFDictionary)
            }
            """, note: "An inout helper adds the flag for its caller.", excludeFromDocumentation: true),
            RuleExample("""
            func fetch(_ query: [String: Any]) -> OSStatus {
                var q = query
                q[kSecUseDataProtectionKeychain as String] = true
                return SecItemCopyMatching(q as CFDictionary, nil)
            }
            func load() -> OSStatus {
                fetch([kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example"])
            }
            """, note: "The helper adds the flag before the call.", excludeFromDocumentation: true),
            RuleExample("""
            func remove(service: String, keychain: SecKeychain?) -> OSStatus {
                var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
                                        kSecUseDataProtectionKeychain as String: false]
                if let keychain {
                    q[kSecUseKeychain as String] = keychain
                }
                return SecItemDelete(q as CFDictionary)
            }
            """, note: "The other path makes its choice explicit."),
        ],
        fix: fix
    )

    /// What the fix changes for the items a previous build stored (the editor's title says it).
    static let storedItemsEffect = "items stored earlier in the file-based keychain are no longer found"

    /// In a plain command-line tool the advice to add the flag is wrong: the data protection
    /// keychain needs a provisioning profile, which such a tool cannot have.
    static let commandLineToolMessage = "No kSecUseDataProtectionKeychain in a command-line tool; on macOS this uses the legacy file-based keychain. The data protection keychain needs code signed with a provisioning profile, which a plain command-line tool cannot have: name the file-based keychain as the choice (kSecUseKeychain or kSecMatchSearchList), or suppress this finding."

    private static let fileKeychainKeys: Set<String> = ["kSecUseKeychain", "kSecMatchSearchList", "kSecAttrAccess"]

    /// What the call does there, so the message names the operation it is about.
    static func whatItDoes(_ operation: KeychainOperation) -> String {
        switch operation {
        case .add: return "this item is stored in"
        case .copyMatching: return "this lookup searches"
        case .update: return "this update changes items in"
        case .delete: return "this delete removes items from"
        default: return "this uses"
        }
    }

    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        for use in file.uses where use.role == .query {
            guard let call = use.call, call.operation.isItemOperation, file.mayRunOnMacOS(call.region) else { continue }
            let dictionary = use.dictionary
            // Only entries that may be compiled for macOS count.
            func onMac(_ entry: KeychainEntry) -> Bool { file.mayRunOnMacOS(entry.region) }
            if dictionary.hasEntry(where: { $0.key == "kSecUseDataProtectionKeychain" && onMac($0) }) { continue }
            // Started from a dictionary the file cannot read: the flag may be in it, unless removed here.
            if dictionary.hasUnknownBase && !dictionary.certainlyAbsent.contains("kSecUseDataProtectionKeychain") { continue }
            // Synchronizable selects the data protection keychain only if it is set on every path to the call.
            if dictionary.hasEntry(where: { $0.key == "kSecAttrSynchronizable" && onMac($0) && $0.value.isTrue && $0.branch.dominates(call.branch) }) { continue }
            // The file-based keychain is a deliberate choice only where every path to the call names
            // it: an entry compiled on macOS whenever the call is (its region holds on macOS, or the
            // call sits inside the entry's own `#if` clause: `#if DEBUG` code is judged as written).
            var fileKeychainPaths: [BranchPath] = []
            for entry in dictionary.entries {
                if Self.fileKeychainKeys.contains(entry.key) && onMac(entry)
                    && (file.regions[Int(entry.region)].condition.evaluate(on: .macOS) == .true
                        || file.code.region(entry.region, encloses: call.region)) {
                    fileKeychainPaths.append(entry.branch)
                }
            }
            if !fileKeychainPaths.isEmpty && call.branch.isCovered(by: fileKeychainPaths) { continue }
            guard !file.buildsCommandLineTool else {
                findings.report(missingIn: use, Self.commandLineToolMessage)
                continue
            }
            findings.report(missingIn: use, "No kSecUseDataProtectionKeychain; on macOS \(Self.whatItDoes(call.operation)) the legacy file-based keychain, which ignores accessibility and access groups. Add kSecUseDataProtectionKeychain: true.",
                            fix: EntryInsertion.fix(adding: "kSecUseDataProtectionKeychain", .boolTrue, to: use, in: file)?
                                .unsafe(because: Self.storedItemsEffect))
        }
    }
}
