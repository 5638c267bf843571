/// The same contradiction written through the wrapper libraries' APIs.
extension SyncThisDeviceOnly {
    static let wrapperTriggering: [RuleExample] = [
        RuleExample("""
        import KeychainAccess

        func save(_ token: String) throws {
            let keychain = Keychain(service: "com.example.token")
            try keychain
                .synchronizable(true)
                .↓accessibility(.afterFirstUnlockThisDeviceOnly)
                .set(token, key: "session")
        }
        """, note: "KeychainAccess: both modifiers on one chain; reported at the later one."),
        RuleExample("""
        import KeychainAccess

        final class TokenStore {
            private let keychain = Keychain(service: "com.example.token").accessibility(.whenUnlockedThisDeviceOnly)

            func save(_ token: String) throws {
                try keychain.↓synchronizable(true).set(token, key: "session")
            }
        }
        """, note: "KeychainAccess: the variable's own accessibility carries into every chain on it."),
        RuleExample("""
        import KeychainSwift

        func save(_ token: String) {
            let keychain = KeychainSwift()
            keychain.synchronizable = true
            keychain.set(token, forKey: "session", ↓withAccess: .accessibleWhenUnlockedThisDeviceOnly)
        }
        """, note: "KeychainSwift: synchronizable on the instance, ThisDeviceOnly on the write."),
        RuleExample("""
        import KeychainSwift

        final class Vault {
            let keychain = KeychainSwift(keyPrefix: "app_")
            init() { keychain.synchronizable = true }
            func store(_ pin: String) {
                keychain.set(pin, forKey: "pin", ↓withAccess: .accessibleWhenPasscodeSetThisDeviceOnly)
            }
        }
        """, note: "KeychainSwift: a stored property set up in `init` keeps that setting in every method."),
        RuleExample("""
        import SimpleKeychain

        let keychain = SimpleKeychain(service: "com.example.token", accessibility: .afterFirstUnlockThisDeviceOnly, ↓synchronizable: true)
        """, note: "SimpleKeychain."),
        RuleExample("""
        import SwiftKeychainWrapper

        func save(_ token: String) {
            KeychainWrapper.standard.set(token, forKey: "session", withAccessibility: .whenUnlockedThisDeviceOnly, ↓isSynchronizable: true)
        }
        """, note: "SwiftKeychainWrapper."),
    ]

    static let wrapperNonTriggering: [RuleExample] = [
        RuleExample("""
        import KeychainAccess

        func save(_ token: String, _ pin: String) throws {
            let keychain = Keychain(service: "com.example.token")
            try keychain.synchronizable(true).accessibility(.afterFirstUnlock).set(token, key: "session")
            try keychain.accessibility(.whenUnlockedThisDeviceOnly).set(pin, key: "pin")
        }
        """, note: "KeychainAccess: each modifier returns a new Keychain, so two chains are two items."),
        RuleExample("""
        func save(_ token: String) throws {
            let keychain = Keychain(service: "com.example.token")
            try keychain.synchronizable(true).accessibility(.afterFirstUnlockThisDeviceOnly).set(token, key: "session")
        }
        """, note: "Without `import KeychainAccess`, `Keychain` is the app's own type."),
        RuleExample("""
        import KeychainSwift

        func save(_ token: String, _ pin: String) {
            let synced = KeychainSwift()
            synced.synchronizable = true
            synced.set(token, forKey: "session")
            let local = KeychainSwift()
            local.set(pin, forKey: "pin", withAccess: .accessibleWhenUnlockedThisDeviceOnly)
        }
        """, note: "KeychainSwift: the synchronizable instance writes with the default accessibility."),
        RuleExample("""
        import KeychainSwift

        func save(_ pin: String, keychain: KeychainSwift) {
            keychain.synchronizable = true
            keychain.set("x", forKey: "marker")
            keychain.synchronizable = false
            keychain.set(pin, forKey: "pin", withAccess: .accessibleWhenUnlockedThisDeviceOnly)
        }
        """, note: "KeychainSwift: synchronizable was turned off again before the write."),
        RuleExample("""
        import KeychainSwift

        func saveToken(_ token: String) {
            let keychain = KeychainSwift()
            keychain.synchronizable = true
            keychain.set(token, forKey: "session")
        }
        func savePin(_ pin: String) {
            let keychain = KeychainSwift()
            keychain.set(pin, forKey: "pin", withAccess: .accessibleWhenUnlockedThisDeviceOnly)
        }
        """, note: "KeychainSwift: a same-named local of another function is another instance."),
        RuleExample("""
        import SimpleKeychain

        let synced = SimpleKeychain(service: "com.example.token", accessibility: .afterFirstUnlock, synchronizable: true)
        let local = SimpleKeychain(service: "com.example.pin", accessibility: .whenUnlockedThisDeviceOnly)
        """),
        RuleExample("""
        import SwiftKeychainWrapper

        func save(_ token: String, synced: Bool) {
            KeychainWrapper.standard.set(token, forKey: "a", withAccessibility: .afterFirstUnlock, isSynchronizable: true)
            KeychainWrapper.standard.set(token, forKey: "b", withAccessibility: .whenUnlockedThisDeviceOnly, isSynchronizable: synced)
        }
        """, note: "SwiftKeychainWrapper: a parameter is an unknown value."),
    ]
}
