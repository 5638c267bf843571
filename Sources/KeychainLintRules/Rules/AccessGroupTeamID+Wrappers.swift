/// Access groups passed to the wrapper libraries need the Team ID prefix just the same.
extension AccessGroupTeamID {
    static let wrapperTriggering: [RuleExample] = [
        RuleExample("""
        import KeychainAccess

        let shared = Keychain(service: "com.example.app", ↓accessGroup: "com.example.shared")
        """, note: "KeychainAccess."),
        RuleExample("""
        import KeychainAccess

        enum Groups { static let shared = "com.example.shared" }
        let keychain = Keychain(↓accessGroup: Groups.shared).synchronizable(true)
        """, note: "KeychainAccess, through a constant."),
        RuleExample("""
        import KeychainSwift

        func makeKeychain() -> KeychainSwift {
            let keychain = KeychainSwift()
            keychain.↓accessGroup = "com.example.shared"
            return keychain
        }
        """, note: "KeychainSwift."),
        RuleExample("""
        import SwiftKeychainWrapper

        let wrapper = KeychainWrapper(serviceName: "com.example.app", ↓accessGroup: "shared")
        """, note: "SwiftKeychainWrapper."),
        RuleExample("""
        import SimpleKeychain

        let keychain = SimpleKeychain(service: "com.example.app", ↓accessGroup: "com.example.shared")
        """, note: "SimpleKeychain."),
    ]

    static let wrapperNonTriggering: [RuleExample] = [
        RuleExample("""
        import KeychainAccess
        import KeychainSwift
        import SimpleKeychain
        import SwiftKeychainWrapper

        func make(teamID: String) {
            _ = Keychain(service: "com.example.app", accessGroup: "ABCDE12345.com.example.shared")
            let swift = KeychainSwift()
            swift.accessGroup = "\\(teamID).com.example.shared"
            _ = SimpleKeychain(service: "com.example.app", accessGroup: "group.com.example.shared")
            _ = KeychainWrapper(serviceName: "com.example.app", accessGroup: teamID + ".shared")
        }
        """, note: "A Team ID, an unknown prefix, an app group."),
        RuleExample("""
        struct Settings { var accessGroup = "" }
        func configure() {
            var settings = Settings()
            settings.accessGroup = "com.example.shared"
            _ = Keychain(service: "com.example.app", accessGroup: "com.example.shared")
        }
        """, note: "No wrapper is imported: these are the app's own types."),
        RuleExample("""
        import KeychainSwift

        struct Settings { var accessGroup: String }
        func configure() {
            var settings = Settings(accessGroup: "")
            settings.accessGroup = "com.example.shared"
        }
        """, note: "KeychainSwift is imported, but `settings` is not one."),
    ]
}
