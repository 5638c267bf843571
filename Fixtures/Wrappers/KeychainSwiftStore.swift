import KeychainSwift

/// Settings kept through KeychainSwift.
final class KeychainSwiftStore {
    private let synced = KeychainSwift()
    private let local = KeychainSwift(keyPrefix: "local_")
    private let shared = KeychainSwift()

    init() {
        synced.synchronizable = true
        shared.accessGroup = "CS671JRA62.com.example.shared"
    }

    func save(token: String, pin: String) {
        // Right: a synchronised item with the default (syncable) accessibility.
        synced.set(token, forKey: "token")
        // Right: a device-only item on an instance that does not sync.
        local.set(pin, forKey: "pin", withAccess: .accessibleWhenUnlockedThisDeviceOnly)
        // Wrong: the synchronizable instance with a ThisDeviceOnly accessibility.
        synced.set(pin, forKey: "pin", withAccess: .accessibleAfterFirstUnlockThisDeviceOnly)  // expect: sync-this-device-only@40
    }

    func makeTeamKeychain() -> KeychainSwift {
        let keychain = KeychainSwift()
        keychain.accessGroup = "com.example.team"  // expect: access-group-team-id@18
        return keychain
    }
}
