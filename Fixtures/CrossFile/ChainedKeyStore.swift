import Foundation

// The bodies name only the last link of a chain of this file's members, declared after their
// use; the chain ends at kSec constants. The call goes through StoredCalls.swift's reference.
struct ChainedKeyStore {
    // Wrong: a web login kept as a generic password.
    func saveThroughChain(_ password: Data) -> OSStatus {
        let query: [String: Any] = [
            TopKeys.topClass: TopKeys.topGeneric,
            TopKeys.topService: "https://chain.example.com",  // expect: generic-password-web-login@13
            TopKeys.topAccount: "me@example.com",
            TopKeys.topProtection: true,
        ]
        return KeychainCalls.add(query as CFDictionary, nil)
    }

    // Right: an app-private service name.
    func saveToken(_ token: Data) -> OSStatus {
        let query: [String: Any] = [
            TopKeys.topClass: TopKeys.topGeneric,
            TopKeys.topService: "com.example.token",
            TopKeys.topAccount: "token",
            TopKeys.topProtection: true,
        ]
        return KeychainCalls.add(query as CFDictionary, nil)
    }
}

enum TopKeys {
    static let topClass = MiddleKeys.middleClass
    static let topGeneric = MiddleKeys.middleGeneric
    static let topService = MiddleKeys.middleService
    static let topProtection = MiddleKeys.middleProtection
    static let topAccount = MiddleKeys.middleAccount
}

enum MiddleKeys {
    static let middleClass = RootKeys.rootClass
    static let middleGeneric = RootKeys.rootGeneric
    static let middleService = RootKeys.rootService
    static let middleProtection = RootKeys.rootProtection
    static let middleAccount = RootKeys.rootAccount
}

enum RootKeys {
    static let rootClass = kSecClass as String
    static let rootGeneric = kSecClassGenericPassword as String
    static let rootService = kSecAttrService as String
    static let rootProtection = kSecUseDataProtectionKeychain as String
    static let rootAccount = kSecAttrAccount as String
}
