import Foundation

// Names no keychain symbol: `SettingsStore.create` builds the item, and this call adds no extras.
struct SettingsBackup {
    let store: SettingsStore

    // Wrong: nothing selects the data protection keychain on this call's path.
    func save(_ value: Data) throws {
        try store.create(value)  // expect: missing-data-protection-keychain@19
    }
}
