/// The wrappers' own names for the Always accessibilities.
extension DeprecatedAccessibility {
    static let wrapperTriggering: [RuleExample] = [
        RuleExample("""
        import KeychainAccess

        let keychain = Keychain(service: "com.example.app").accessibility(.↓always)
        """, note: "KeychainAccess."),
        RuleExample("""
        import KeychainAccess

        func save(_ token: String, keychain: Keychain) throws {
            try keychain.accessibility(Accessibility.↓alwaysThisDeviceOnly, authenticationPolicy: .userPresence).set(token, key: "t")
        }
        """, note: "KeychainAccess, with an authentication policy."),
        RuleExample("""
        import KeychainSwift

        let option = KeychainSwiftAccessOptions.↓accessibleAlwaysThisDeviceOnly
        func save(_ token: String) {
            KeychainSwift().set(token, forKey: "t", withAccess: .↓accessibleAlways)
        }
        """, note: "KeychainSwift, wherever its option is produced in a file that imports it."),
        RuleExample("""
        import KeychainSwift

        enum AccessOptions { case accessibleAlways, whenUnlocked }
        extension AccessOptions {
            var keychainOption: KeychainSwiftAccessOptions {
                switch self {
                case .accessibleAlways: return .↓accessibleAlways
                case .whenUnlocked: return .accessibleWhenUnlocked
                }
            }
        }
        """, note: "KeychainSwift, through the app's own enum: reported once, where the mapping produces the wrapper's value, not at the `case` label."),
        RuleExample("""
        import SwiftKeychainWrapper

        func save(_ token: String) {
            let access: KeychainItemAccessibility = .↓alwaysThisDeviceOnly
            KeychainWrapper.standard.set(token, forKey: "t", withAccessibility: access)
            KeychainWrapper.standard.set(token, forKey: "u", withAccessibility: .↓always)
        }
        """, note: "SwiftKeychainWrapper, directly and through a constant."),
        RuleExample("""
        import SwiftKeychainWrapper

        func saveWithEveryAccessibility(_ token: String) {
            let options: [KeychainItemAccessibility] = [.afterFirstUnlock, .↓always, KeychainItemAccessibility.↓alwaysThisDeviceOnly]
            for option in options {
                KeychainWrapper.standard.set(token, forKey: "t", withAccessibility: option)
            }
        }
        """, note: "SwiftKeychainWrapper, in an array of its accessibility type: reported where each element is written."),
    ]

    static let wrapperNonTriggering: [RuleExample] = [
        RuleExample("""
        import KeychainAccess
        import KeychainSwift
        import SwiftKeychainWrapper

        func save(_ token: String) throws {
            try Keychain(service: "com.example.app").accessibility(.afterFirstUnlock).set(token, key: "t")
            KeychainSwift().set(token, forKey: "t", withAccess: .accessibleAfterFirstUnlock)
            KeychainWrapper.standard.set(token, forKey: "t", withAccessibility: .whenUnlocked)
        }
        """),
        RuleExample("""
        import KeychainAccess

        enum Retry { case never, always }
        func policy() -> Retry { .always }
        let label = Text("x").accessibility(hidden: true)
        """, note: "KeychainAccess is imported, but `.always` here is not an accessibility."),
        RuleExample("""
        import KeychainSwift

        enum AccessOptions { case accessibleAlways, whenUnlocked }
        func describe(_ option: AccessOptions) -> String {
            switch option {
            case .accessibleAlways: return "always"
            case .whenUnlocked: return "when unlocked"
            }
        }
        func needsMigration(_ option: AccessOptions) -> Bool { option == .accessibleAlways }
        """, note: "KeychainSwift is imported, but a `case` pattern or a comparison on the app's own enum reads the app's value."),
        RuleExample("""
        import KeychainSwift
        import SwiftKeychainWrapper

        let migrated: [LegacyAccess] = [.accessibleAlways, .accessibleWhenUnlocked]
        let retries: [RetryPolicy] = [.always, .never]
        let fallback: RetryPolicy = .always
        func isLegacy(_ access: KeychainItemAccessibility) -> Bool {
            switch access {
            case KeychainItemAccessibility.always, .alwaysThisDeviceOnly: return true
            default: return access == KeychainItemAccessibility.always
            }
        }
        """, note: "The wrappers are imported, but these arrays and this constant are of the app's own types (declared in another file), and a `case` pattern or a comparison reads the wrapper's value without setting it."),
        RuleExample("""
        let keychain = Keychain(service: "com.example.app").accessibility(.always)
        """, note: "No wrapper is imported."),
    ]
}
