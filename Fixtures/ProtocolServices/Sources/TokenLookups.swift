import Foundation

// `TokenVault` is declared in another file: its summary is another file's.
struct SessionToken {
    static var query: [CFString: Any] { [kSecAttrService: "com.example.session", kSecAttrAccount: "current"] }

    // Wrong: a computed property passed by name, without the data protection flag.
    static func load() -> Data? { TokenVault.find(query: query) }  // expect: missing-data-protection-keychain@46
}

struct RefreshToken {
    static var query: [CFString: Any] {
        [kSecAttrService: "com.example.refresh", kSecAttrAccount: "current", kSecUseDataProtectionKeychain: true]
    }

    // Right: the same call with the flag in the property.
    static func load() -> Data? { TokenVault.find(query: query) }
}
