import Foundation

/// Stores the web session password. This file names no Security constant: every key is an alias
/// from KeychainKeys.swift and the add goes through a stored function reference.
struct SessionStore {
    // Wrong: a web login kept as a generic password, so AutoFill never offers it.
    func save(_ password: Data) -> OSStatus {
        let query: [String: Any] = [
            Class: GenericPassword,
            AttributeService: "https://accounts.example.com",  // expect: generic-password-web-login@13
            AttributeAccount: "me@example.com",
            AttributeAccessible: AccessibleAfterFirstUnlock,
            UseDataProtectionKeychain: true,
            ValueData: password,
        ]
        return SecurityFunctions.secItemAdd(query as CFDictionary, nil)
    }

    // Right: an app-private token under a reverse-DNS service name.
    func saveToken(_ token: Data) -> OSStatus {
        let query: [String: Any] = [
            Class: GenericPassword,
            AttributeService: "com.example.session",
            AttributeAccount: "token",
            AttributeAccessible: AccessibleAfterFirstUnlock,
            UseDataProtectionKeychain: true,
            ValueData: token,
        ]
        return SecurityFunctions.secItemAdd(query as CFDictionary, nil)
    }

    // Wrong: a shared access group without the Team ID prefix, keyed through a constant.
    func share(_ token: Data) -> OSStatus {
        var query: [AnyHashable: Any] = [Class: GenericPassword, AttributeService: "com.example.shared", AttributeAccount: "token"]
        query[KeychainConstants.accessGroup] = "com.example.shared"  // expect: access-group-team-id@15
        query[UseDataProtectionKeychain] = true
        query[ValueData] = token
        return SecurityFunctions.secItemAdd(query as CFDictionary, nil)
    }
}
