import Foundation
import Security

/// Adds whose status goes to another file's check, to a closure's caller, or back as a value made
/// from it.
final class CheckedVault {
    private func item(_ account: String, _ token: Data) -> [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.checked",
         kSecAttrAccount as String: account, kSecValueData as String: token, kSecUseDataProtectionKeychain as String: true]
    }

    // Handed to `StatusChecks.check(status:during:)` (StatusChecks.swift), which throws it.
    func save(_ token: Data, for account: String) throws {
        try StatusChecks.check(status: SecItemAdd(item(account, token) as CFDictionary, nil), during: "save")
    }

    func store(_ token: Data, for account: String) throws {
        let status = SecItemAdd(item(account, token) as CFDictionary, nil)
        try StatusChecks.check(status: status, during: "store")
    }

    // Only printed by the other file's function: a duplicate goes unnoticed.
    func remember(_ token: Data, for account: String) {
        StatusChecks.log(status: SecItemAdd(item(account, token) as CFDictionary, nil))  // expect: unhandled-duplicate-item@34
    }

    // A closure whose one expression is the add returns its status to whoever runs it.
    func keep(_ token: Data, for account: String) -> OSStatus {
        var result: AnyObject?
        return withUnsafeMutablePointer(to: &result) { pointer in SecItemAdd(item(account, token) as CFDictionary, pointer) }
    }

    // A value made from the status, kept in a variable declared before and returned at the end.
    func put(_ token: Data, for account: String) -> Int {
        var code = 0
        if !token.isEmpty {
            let status: OSStatus = SecItemAdd(item(account, token) as CFDictionary, nil)
            code = Int(status)
        }
        return code
    }
}
