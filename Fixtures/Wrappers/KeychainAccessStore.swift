import Foundation
import KeychainAccess

/// Credentials kept through KeychainAccess.
final class KeychainAccessStore {
    // Right: the app's own items under a reverse-DNS service, shared under a Team ID group.
    private let app = Keychain(service: "com.example.notes")
    private let shared = Keychain(service: "com.example.notes", accessGroup: "ABCDE12345.com.example.shared")

    // Wrong: a web login kept as a generic password (use Keychain(server:protocolType:)).
    private let site = Keychain(service: "https://notes.example.com")  // expect: generic-password-web-login@33

    // Right: the same login as an internet password.
    private let web = Keychain(server: "https://notes.example.com", protocolType: .https)

    // Wrong: the group has no Team ID prefix.
    private let team = Keychain(service: "com.example.notes", accessGroup: "com.example.team")  // expect: access-group-team-id@63

    // A device-bound base that is later synchronised.
    private let device = Keychain(service: "com.example.device").accessibility(.afterFirstUnlockThisDeviceOnly)

    // Wrong: the service comes from a local of a body that names no Security constant at all.
    func siteKeychain() -> Keychain {
        let address = "https://login.example.com"
        return Keychain(service: address)  // expect: generic-password-web-login@25
    }

    func saveSession(_ token: String) throws {
        try app
            .synchronizable(true)
            .accessibility(.afterFirstUnlock)
            .set(token, key: "session")
    }

    func savePin(_ pin: String) throws {
        try device.synchronizable(true).set(pin, key: "pin")  // expect: sync-this-device-only@20
    }

    // Right: a parameter named like the device-bound property is another keychain.
    func savePin(_ pin: String, to device: Keychain) throws {
        try device.synchronizable(true).set(pin, key: "pin")
    }

    func saveLegacy(_ value: String) throws {
        try app.accessibility(.always).set(value, key: "legacy")  // expect: deprecated-accessibility@32
    }

    func savePassword(_ password: String, account: String) throws {
        try web.accessibility(.whenUnlocked, authenticationPolicy: .userPresence).set(password, key: account)
    }
}
