import Foundation

// No body of this file names a Security function or a kSec constant, or anything this file
// declares: only another file's aliases and function reference (StoredCalls.swift).
struct AliasOnlyStore {
    // Wrong: a web login kept as a generic password, through another file's aliases and call.
    func save(_ password: Data) -> OSStatus {
        let query: [String: Any] = [
            ItemKeys.itemClassKey: ItemKeys.genericPasswordClass,
            ItemKeys.serviceKey: "https://shop.example.com",  // expect: generic-password-web-login@13
            ItemKeys.accountKey: "me@example.com",
            ItemKeys.dataProtectionKey: true,
        ]
        return KeychainCalls.storeItem(query as CFDictionary, nil)
    }
}
