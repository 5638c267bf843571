import Security

// Aliases and a function reference under names no keychain prefix finds (no `Sec`, no `kSec`):
// AliasOnlyStore.swift uses only these, so its bodies are read only once the project's symbols
// are known.
enum KeychainCalls {
    static let storeItem = SecItemAdd
}

enum ItemKeys {
    static let itemClassKey = String(kSecClass)
    static let genericPasswordClass = String(kSecClassGenericPassword)
    static let serviceKey = String(kSecAttrService)
    static let accountKey = String(kSecAttrAccount)
    static let dataProtectionKey = String(kSecUseDataProtectionKeychain)
}
