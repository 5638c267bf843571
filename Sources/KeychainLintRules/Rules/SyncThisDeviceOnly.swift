import KeychainLintModel

/// A synchronizable item travels through iCloud Keychain; ThisDeviceOnly forbids exactly that.
struct SyncThisDeviceOnly: Rule {
    static let description = RuleDescription(
        id: "sync-this-device-only",
        defaultSeverity: .error,
        summary: "kSecAttrSynchronizable true together with a …ThisDeviceOnly accessibility.",
        rationale: """
        An item marked ThisDeviceOnly never leaves the device, so it cannot be synchronized. The \
        combination is contradictory and SecItemAdd fails with errSecParam (-50); the protection of an \
        access control made by SecAccessControlCreateWithFlags counts the same as kSecAttrAccessible.
        """,
        howToFix: """
        Either drop kSecAttrSynchronizable (keep the item on this device) or use an accessibility \
        without ThisDeviceOnly, such as kSecAttrAccessibleAfterFirstUnlock.
        """,
        triggering: [
            RuleExample("""
            func save(_ token: Data) -> OSStatus {
                let query: [String: Any] = [
                    kSecClass as String: kSecClassGenericPassword,
                    kSecAttrService as String: "com.example.token",
                    kSecAttrAccount as String: "main",
                    ↓kSecAttrSynchronizable as String: kCFBooleanTrue!,
                    kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
                    kSecValueData as String: token,
                ]
                return SecItemAdd(query as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func save(_ token: Data) {
                var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
                q[kSecAttrService as String] = "com.example.token"
                q[↓kSecAttrSynchronizable as String] = true
                q[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                q[kSecValueData as String] = token
                SecItemAdd(q as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func save(_ token: Data) {
                guard let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .userPresence, nil) else { return }
                let q: [String: Any] = [
                    kSecClass as String: kSecClassGenericPassword,
                    ↓kSecAttrSynchronizable as String: NSNumber(value: true),
                    kSecAttrAccessControl as String: access,
                    kSecValueData as String: token,
                ]
                SecItemAdd(q as CFDictionary, nil)
            }
            """, note: "The protection of an access control in the same scope."),
            RuleExample("""
            func save(_ token: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, ↓kSecAttrSynchronizable: kCFBooleanTrue,
                            kSecAttrAccessible: "cku", kSecValueData: token] as CFDictionary, nil)
            }
            """, note: "The raw value of kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly."),
            RuleExample("""
            private let Sync = kSecAttrSynchronizable as String
            func update() {
                let query = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.token"]
                var attributes = [String: Any]()
                attributes.updateValue(true, forKey: ↓Sync)
                attributes.updateValue(kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly, forKey: kSecAttrAccessible as String)
                SecItemUpdate(query as CFDictionary, attributes as CFDictionary)
            }
            """),
            RuleExample("""
            func makeKey() {
                let attributes: [String: Any] = [
                    kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                    kSecAttrKeySizeInBits as String: 256,
                    ↓kSecAttrSynchronizable as String: true,
                    kSecPrivateKeyAttrs as String: [
                        kSecAttrIsPermanent as String: true,
                        kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                    ],
                ]
                SecKeyCreateRandomKey(attributes as CFDictionary, nil)
            }
            """, note: "kSecPrivateKeyAttrs belong to the same item."),
            RuleExample("""
            func save(_ token: Data) {
                guard let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, .userPresence, nil) else { return }
                var q = [String: Any]()
                q[String(kSecClass)] = kSecClassGenericPassword
                q[String(kSecAttrService)] = "com.example.token"
                q.merge([String(kSecAttrAccessControl): access, ↓String(kSecAttrSynchronizable): kCFBooleanTrue as Any]) { $1 }
                q[String(kSecValueData)] = token
                SecItemAdd(q as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func save(_ token: Data) {
                var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword, ↓kSecAttrSynchronizable as String: true]
                #if os(iOS)
                q[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                #endif
                q[kSecValueData as String] = token
                SecItemAdd(q as CFDictionary, nil)
            }
            """, note: "An entry added on some path is present: the iOS build fails."),
            RuleExample("""
            func save(_ token: Data, synced: Bool, local: Bool) {
                var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: token]
                if synced {
                    q[↓kSecAttrSynchronizable as String] = true
                }
                if local {
                    q[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                }
                SecItemAdd(q as CFDictionary, nil)
            }
            """, note: "Two separate ifs can both run.", excludeFromDocumentation: true),
            RuleExample("""
            func saveLocally(_ token: Data) {
                let synced = [kSecClass as String: kSecClassGenericPassword, ↓kSecAttrSynchronizable as String: true] as [String: Any]
                let local = synced.merging([kSecAttrSynchronizable as String: false,
                                            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly]) { current, _ in current }
                SecItemAdd(local as CFDictionary, nil)
            }
            """, note: "`merging` whose closure keeps the current value: the base's synchronizable stays.", excludeFromDocumentation: true),
        ] + wrapperTriggering,
        nonTriggering: [
            RuleExample("""
            enum Flavor {
                case cloud, device
                func query() -> [String: Any] {
                    var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.token"]
                    switch self {
                    case .cloud:
                        q[kSecAttrSynchronizable as String] = true
                    case .device:
                        q[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                    }
                    return q
                }
            }
            """, note: "Set in different cases of one switch: no item gets both.", excludeFromDocumentation: true),
            RuleExample("""
            func save(_ token: Data, synced: Bool) {
                var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: token]
                if synced {
                    q[kSecAttrSynchronizable as String] = true
                } else if token.isEmpty {
                    return
                } else {
                    q[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                }
                SecItemAdd(q as CFDictionary, nil)
            }
            """, note: "Different arms of one if/else chain.", excludeFromDocumentation: true),
            RuleExample("""
            func save(_ token: Data, synced: Bool) {
                var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: token]
                if synced {
                    q[kSecAttrSynchronizable as String] = true
                }
                if !synced {
                    q[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                }
                SecItemAdd(q as CFDictionary, nil)
            }
            """, note: "Two ifs on opposite values of one parameter (also when a helper of the file tests its own parameter of that name, which the caller passes).", excludeFromDocumentation: true),
            RuleExample("""
            func saveOnThisDevice(_ token: Data) {
                var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: token]
                q[kSecAttrSynchronizable as String] = true
                q.updateValue(false, forKey: kSecAttrSynchronizable as String)
                q[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                SecItemAdd(q as CFDictionary, nil)
            }
            """, note: "A later assignment of the key replaces the value it had.", excludeFromDocumentation: true),
            RuleExample("""
            func saveLocally(_ token: Data) {
                let synced = [kSecClass as String: kSecClassGenericPassword, kSecAttrSynchronizable as String: true] as [String: Any]
                let local = synced.merging([kSecAttrSynchronizable as String: false,
                                            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly]) { _, new in new }
                SecItemAdd(local as CFDictionary, nil)
            }
            """, note: "`merging` whose closure keeps the new value: the merged dictionary's synchronizable replaces the base's.", excludeFromDocumentation: true),
            RuleExample("""
            func save(_ token: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example.token",
                            kSecAttrSynchronizable: true, kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock,
                            kSecValueData: token] as CFDictionary, nil)
            }
            """, note: "A synced item with an accessibility that allows syncing."),
            RuleExample("""
            func save(_ token: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example.token",
                            kSecAttrAccessible: kSecAttrAccessibleWhenUnlockedThisDeviceOnly, kSecValueData: token,
                            kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, note: "ThisDeviceOnly without syncing."),
            RuleExample("""
            func find() {
                SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecAttrSynchronizable: kSecAttrSynchronizableAny,
                                     kSecAttrAccessible: kSecAttrAccessibleWhenUnlockedThisDeviceOnly] as CFDictionary, nil)
            }
            """, note: "kSecAttrSynchronizableAny is not true."),
            RuleExample("""
            func save(_ token: Data, synced: Bool) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrSynchronizable: synced ? kCFBooleanTrue! : kCFBooleanFalse!,
                            kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly, kSecValueData: token] as CFDictionary, nil)
            }
            """, note: "A value that may or may not be true is unknown."),
            RuleExample("""
            func save(_ token: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrSynchronizable: false,
                            kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly, kSecValueData: token,
                            kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """),
            RuleExample("""
            let teamID = "SKMME9E2Y8"
            func save(_ password: Data) {
                let syncQuery: [String: Any] = [
                    kSecClass as String:                kSecClassGenericPassword,
                    kSecAttrService as String:          "com.example.authService",
                    kSecAttrAccount as String:          "user@example.com",
                    kSecAttrAccessGroup as String:      "\\(teamID).com.example.SharedItems",
                    kSecAttrSynchronizable as String:   kCFBooleanTrue!,
                    kSecAttrAccessible as String:       kSecAttrAccessibleAfterFirstUnlock,
                    kSecValueData as String:            password
                ]
                SecItemAdd(syncQuery as CFDictionary, nil)
            }
            """, note: "A synchronizable item whose accessibility can sync (no ThisDeviceOnly)."),
            RuleExample("""
            func save(_ token: Data) {
                guard let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, .userPresence, nil) else { return }
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrSynchronizable: true,
                            kSecAttrAccessControl: access, kSecValueData: token] as CFDictionary, nil)
            }
            """, note: "An access control whose protection may sync."),
            RuleExample("""
            func save(_ token: Data, accessibility: CFString, synchronizable: Bool) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrSynchronizable: true,
                            kSecAttrAccessible: accessibility, kSecValueData: token] as CFDictionary, nil)
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrSynchronizable: synchronizable,
                            kSecAttrAccessible: kSecAttrAccessibleWhenUnlockedThisDeviceOnly, kSecValueData: token] as CFDictionary, nil)
            }
            """, note: "Parameters are unknown values."),
            RuleExample("""
            func makeKey() {
                let attributes: [String: Any] = [
                    kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                    kSecAttrKeySizeInBits as String: 256,
                    kSecPrivateKeyAttrs as String: [
                        kSecAttrIsPermanent as String: true,
                        kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                    ],
                ]
                SecKeyCreateRandomKey(attributes as CFDictionary, nil)
            }
            """),
        ] + wrapperNonTriggering,
        requiredLiterals: ["kSec", WrapperLibrary.prefilterLiteral]
    )

    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        for use in file.uses {
            // kSecPrivateKeyAttrs / kSecPublicKeyAttrs belong to the same item (SecKeyCreateRandomKey).
            var deviceOnly: [KeychainEntry] = []
            use.dictionary.forEachItemEntry { entry in
                if KeychainFacts.isAccessibilityKey(entry.key) && KeychainFacts.isThisDeviceOnly(entry.value) { deviceOnly.append(entry) }
            }
            guard !deviceOnly.isEmpty else { continue }
            // Set in different arms of one `if`/`switch`, the two never meet on one item.
            var firstSync: KeychainEntry?
            use.dictionary.forEachItemEntry("kSecAttrSynchronizable") { entry in
                if firstSync == nil, entry.value.isTrue, deviceOnly.contains(where: { !$0.branch.excludes(entry.branch) }) { firstSync = entry }
            }
            guard let sync = firstSync else { continue }
            // A helper's synchronizable base made ThisDeviceOnly here: the mistake is this file's entry.
            let local = deviceOnly.first { $0.home == nil && !$0.branch.excludes(sync.branch) }
            let spot = sync.home != nil ? local?.keyOffset ?? sync.keyOffset : sync.keyOffset
            findings.report(at: spot, "Synchronizable item marked ThisDeviceOnly; it cannot sync and the add fails with errSecParam. Drop kSecAttrSynchronizable or use an accessibility without ThisDeviceOnly.")
        }
        for use in file.wrapperUses {
            guard let sync = use.first("kSecAttrSynchronizable"), sync.value.isTrue,
                  let access = use.first("kSecAttrAccessible"), KeychainFacts.isThisDeviceOnly(access.value),
                  let constant = access.value.symbolName else { continue }
            // The conflict is made by whichever of the two settings comes second.
            findings.report(at: max(sync.keyOffset, access.keyOffset), "Synchronizable \(use.library.module) item with \(use.library.spelling(ofAccessibility: constant)); a ThisDeviceOnly item cannot sync and the write fails with errSecParam. Turn synchronizable off or use an accessibility without ThisDeviceOnly.")
        }
    }
}
