import KeychainAccess

// A KeychainAccess service held in a constant: the value is read through the name.
final class ServiceConstants {
    let siteService = "example.com"
    let appService = "com.example.app"

    func save(_ password: String) throws {
        try Keychain(service: siteService).set(password, key: "password") // expect: generic-password-web-login@22
        try Keychain(service: appService).set(password, key: "password")
    }
}
