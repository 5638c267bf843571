import Security

// Keys spelled as computed properties over a conversion helper, the way KeychainSwift spells
// them: the other files of this folder use `VaultKeys.klass` and never name a kSec constant.
struct VaultKeys {
    static var klass: String { return asKey(kSecClass) }
    static var service: String { asKey(kSecAttrService) }
    static var account: String { return asKey(kSecAttrAccount) }
    static var valueData: String { return VaultKeys.asKey(kSecValueData) }
    static var accessible: String { kSecAttrAccessible as String }
    static var dataProtection: String { return asKey(kSecUseDataProtectionKeychain) }

    static func asKey(_ key: CFString) -> String {
        return key as String
    }
}

/// Not an alias: the getter does more than hand a constant back.
struct VaultLabels {
    static var service: String { "com.example.vault" }
    static func describe(_ key: CFString) -> String { "key: \(key)" }
}
