import Foundation

// No body of this file names a Security function or a kSec constant, or anything this file
// declares: only another file's aliases and function reference (StoredCalls.swift).
struct AliasOnlyStore {
    // Wrong: a web login kept as a generic password, through another file's aliases and call.
    func save(_ password: Data) -> OSStatus {
        let query: [String: Any] = [
            ItemKeys.itemClass: ItemKeys.password,
            ItemKeys.service: "https://shop.example.com",  // expect: generic-password-web-login@13
            ItemKeys.account: "me@example.com",
            ItemKeys.protection: true,
        ]
        return KeychainCalls.add(query as CFDictionary, nil)
    }
}
