import Security

// Aliases and a function reference under names no keychain prefix finds (no `Sec`, no `kSec`):
// AliasOnlyStore.swift uses only these, so its bodies are read only once the project's symbols
// are known.
enum KeychainCalls {
    static let add = SecItemAdd
}

enum ItemKeys {
    static let itemClass = String(kSecClass)
    static let password = String(kSecClassGenericPassword)
    static let service = String(kSecAttrService)
    static let account = String(kSecAttrAccount)
    static let protection = String(kSecUseDataProtectionKeychain)
}
