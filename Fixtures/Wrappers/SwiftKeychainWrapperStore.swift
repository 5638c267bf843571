import SwiftKeychainWrapper

/// Tokens kept through SwiftKeychainWrapper.
enum SwiftKeychainWrapperStore {
    static func sharedWrapper() -> KeychainWrapper {
        // Wrong: the shared group, through a local constant, has no Team ID prefix.
        let sharedGroupName = "SharedItems"
        return KeychainWrapper(serviceName: "com.example.notes", accessGroup: sharedGroupName)  // expect: access-group-team-id@66
    }

    static func save(_ token: String) {
        // Right.
        KeychainWrapper.standard.set(token, forKey: "token", withAccessibility: .afterFirstUnlock)
        // Wrong: Always is deprecated.
        KeychainWrapper.standard.set(token, forKey: "legacy", withAccessibility: .always)  // expect: deprecated-accessibility@83
        // Wrong: synchronised and ThisDeviceOnly in one call.
        KeychainWrapper.standard.set(token, forKey: "both", withAccessibility: .afterFirstUnlockThisDeviceOnly, isSynchronizable: true)  // expect: sync-this-device-only@113
    }
}
