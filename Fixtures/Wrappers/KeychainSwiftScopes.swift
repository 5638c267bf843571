import KeychainSwift

/// The app's own accessibility choice, mapped onto KeychainSwift's where a value is stored.
enum AccessOptions {
    case accessibleAlways
    case whenUnlocked

    /// Wrong: the mapping produces KeychainSwift's deprecated Always option; reported here, once.
    var keychainOption: KeychainSwiftAccessOptions {
        switch self {
        // Right: a pattern over the app's own enum reads its value and sets nothing.
        case .accessibleAlways:
            return .accessibleAlways  // expect: deprecated-accessibility@21
        case .whenUnlocked:
            return .accessibleWhenUnlocked
        }
    }

    // Right: a comparison with the app's own case.
    var needsMigration: Bool { self == .accessibleAlways }

    // Right: a value of the app's own type.
    static let legacyDefault: AccessOptions = .accessibleAlways
}

/// Settings kept through KeychainSwift instances of different scopes.
final class PreferencesStore {
    private let vault: KeychainSwift

    init() {
        vault = KeychainSwift()
        vault.synchronizable = true
    }

    func saveSynced(_ pin: String) {
        // Wrong: the property was made synchronizable in init.
        vault.set(pin, forKey: "pin", withAccess: .accessibleWhenUnlockedThisDeviceOnly)  // expect: sync-this-device-only@39
    }

    func saveToken(_ token: String) {
        let keychain = KeychainSwift()
        keychain.synchronizable = true
        // Wrong: this local is synchronizable.
        keychain.set(token, forKey: "token", withAccess: .accessibleAfterFirstUnlockThisDeviceOnly)  // expect: sync-this-device-only@46
    }

    func saveDevicePin(_ pin: String) {
        // Right: a local of the same name in another function is another instance, never synchronised.
        let keychain = KeychainSwift()
        keychain.set(pin, forKey: "device-pin", withAccess: .accessibleAfterFirstUnlockThisDeviceOnly)
    }

    func save(_ value: String, as option: AccessOptions) {
        // Right: the app's option, compared and passed on, is not KeychainSwift's.
        if option == .accessibleAlways { return }
        KeychainSwift().set(value, forKey: "value", withAccess: option.keychainOption)
        // Wrong: KeychainSwift's own option, passed where KeychainSwift expects it.
        KeychainSwift().set(value, forKey: "legacy", withAccess: .accessibleAlways)  // expect: deprecated-accessibility@67
    }
}
