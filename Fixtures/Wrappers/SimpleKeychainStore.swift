import SimpleKeychain

/// Credentials kept through SimpleKeychain (every setting is fixed at init).
struct SimpleKeychainStore {
    // Right.
    let app = SimpleKeychain(service: "com.example.notes", accessibility: .afterFirstUnlock, synchronizable: true)
    let device = SimpleKeychain(service: "com.example.device", accessibility: .whenUnlockedThisDeviceOnly)

    // Wrong: eight characters are not a Team ID.
    let shared = SimpleKeychain(accessGroup: "ABCDEFGH.com.example.shared")  // expect: access-group-team-id@33

    // Wrong: synchronised and ThisDeviceOnly.
    let both = SimpleKeychain(service: "com.example.both", accessibility: .afterFirstUnlockThisDeviceOnly, synchronizable: true)  // expect: sync-this-device-only@108

    // Wrong: a web login as a generic password.
    let site = SimpleKeychain(service: "notes.example.com")  // expect: generic-password-web-login@31
}
