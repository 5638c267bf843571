import Foundation

// Every key below comes from ComputedKeys.swift; this file mentions no Security constant.
final class TokenVault {
    func saveWithoutService(_ token: Data) -> OSStatus {
        let accessible = "shadows nothing: VaultKeys.accessible is the member"
        let query: [String: Any] = [
            VaultKeys.klass: kSecClassGenericPassword,
            VaultKeys.account: "token",
            VaultKeys.valueData: token,
            VaultKeys.accessible: kSecAttrAccessibleAfterFirstUnlock,
            VaultKeys.dataProtection: true,
        ]
        _ = accessible
        let status = SecItemAdd(query as CFDictionary, nil) // expect: generic-password-missing-primary-key@22
        return status
    }

    // Wrong in the same way, built step by step and with the keys cast to CFString.
    func saveStepByStep(_ token: Data) -> OSStatus {
        var query = [CFString: Any]()
        query[VaultKeys.klass as CFString] = kSecClassGenericPassword
        query[VaultKeys.account as CFString] = "token"
        query[VaultKeys.valueData as CFString] = token
        query[VaultKeys.dataProtection as CFString] = true
        #if os(macOS)
        query[VaultKeys.accessible as CFString] = kSecAttrAccessibleAfterFirstUnlock
        #endif
        let status = SecItemAdd(query as CFDictionary, nil) // expect: generic-password-missing-primary-key@22
        // VaultKeys.service is not set above; the text "VaultKeys.service" here is a comment.
        return status == errSecDuplicateItem ? SecItemUpdate(query as CFDictionary, [kSecValueData: token] as CFDictionary) : status
    }

    func save(_ token: Data) -> OSStatus {
        let query: [String: Any] = [
            VaultKeys.klass: kSecClassGenericPassword,
            VaultKeys.service: VaultLabels.service,
            VaultKeys.account: "token",
            VaultKeys.valueData: token,
            VaultKeys.accessible: kSecAttrAccessibleAfterFirstUnlock,
            VaultKeys.dataProtection: true,
        ]
        return SecItemAdd(query as CFDictionary, nil)
    }

    func legacyLookup() -> OSStatus {
        // An unknown conversion is not an alias: this dictionary has no readable class.
        let query: [String: Any] = [VaultLabels.describe(kSecClass): kSecClassGenericPassword, VaultKeys.account: "token",
                                    VaultKeys.dataProtection: true]
        return SecItemCopyMatching(query as CFDictionary, nil)
    }
}
