/// A wrapper's `service` is a generic password's kSecAttrService.
extension GenericPasswordWebLogin {
    static let wrapperTriggering: [RuleExample] = [
        RuleExample("""
        import KeychainAccess

        let keychain = Keychain(↓service: "https://accounts.example.com")
        """, note: "KeychainAccess: Keychain(server:protocolType:) is the form for web logins."),
        RuleExample("""
        import SimpleKeychain

        let keychain = SimpleKeychain(↓service: "accounts.example.com", accessibility: .afterFirstUnlock)
        """, note: "SimpleKeychain."),
        RuleExample("""
        import SwiftKeychainWrapper

        let wrapper = KeychainWrapper(↓serviceName: "https://example.com/login")
        """, note: "SwiftKeychainWrapper."),
    ]

    static let wrapperNonTriggering: [RuleExample] = [
        RuleExample("""
        import KeychainAccess

        let web = Keychain(server: "https://accounts.example.com", protocolType: .https)
        let app = Keychain(service: "com.example.app")
        """, note: "KeychainAccess: an internet password for the site, a reverse-DNS service for the app."),
        RuleExample("""
        import SimpleKeychain
        import SwiftKeychainWrapper

        let a = SimpleKeychain(service: "com.example.app")
        let b = KeychainWrapper(serviceName: "io.github.example.cli")
        """),
        RuleExample("""
        let keychain = Keychain(service: "https://accounts.example.com")
        """, note: "No wrapper is imported."),
    ]
}
