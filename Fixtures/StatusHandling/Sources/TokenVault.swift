import Foundation
import Security

/// Saving a token: where the add's status goes decides whether a duplicate can go unnoticed.
enum VaultError: Error {
    case unhandled(status: OSStatus)
    case saveFailed
    case described(String)
}

struct KeychainStatusError: Error {
    let status: OSStatus
}

final class TokenVault {
    private let service = "com.example.vault"

    private func item(_ account: String, _ token: Data) -> [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
         kSecAttrAccount as String: account, kSecValueData as String: token, kSecUseDataProtectionKeychain as String: true]
    }

    private func lookup(_ account: String) -> [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
         kSecAttrAccount as String: account, kSecUseDataProtectionKeychain as String: true]
    }

    // The status thrown inside an error that carries it: the caller can tell a duplicate.
    func saveCarrying(_ token: Data, for account: String) throws {
        let status = SecItemAdd(item(account, token) as CFDictionary, nil)
        guard status == errSecSuccess else { throw VaultError.unhandled(status: status) }
    }

    func saveAsNSError(_ token: Data, for account: String) throws {
        let status = SecItemAdd(item(account, token) as CFDictionary, nil)
        if status != errSecSuccess { throw NSError(domain: NSOSStatusErrorDomain, code: Int(status)) }
    }

    func saveSwitching(_ token: Data, for account: String) throws {
        switch SecItemAdd(item(account, token) as CFDictionary, nil) {
        case errSecSuccess:
            return
        case let status:
            throw KeychainStatusError(status: status)
        }
    }

    // Errors that do not carry the status: a duplicate is one more failure.
    func saveLosingStatus(_ token: Data, for account: String) throws {
        let status = SecItemAdd(item(account, token) as CFDictionary, nil)  // expect: unhandled-duplicate-item@22
        guard status == errSecSuccess else { throw VaultError.saveFailed }
    }

    func saveDescribing(_ token: Data, for account: String) throws {
        let status = SecItemAdd(item(account, token) as CFDictionary, nil)  // expect: unhandled-duplicate-item@22
        guard status == errSecSuccess else { throw VaultError.described("add failed: \(status)") }
    }

    // The add runs only where the lookup found nothing.
    func saveIfMissing(_ token: Data, for account: String) {
        let found = SecItemCopyMatching(lookup(account) as CFDictionary, nil)
        if found == errSecItemNotFound {
            SecItemAdd(item(account, token) as CFDictionary, nil)
        }
    }

    func saveUnlessMissing(_ token: Data, for account: String) {
        let found = SecItemCopyMatching(lookup(account) as CFDictionary, nil)
        if found != errSecItemNotFound {
            SecItemAdd(item(account, token) as CFDictionary, nil)  // expect: unhandled-duplicate-item@13
        }
    }

    func saveByCase(_ token: Data, for account: String) {
        switch SecItemCopyMatching(lookup(account) as CFDictionary, nil) {
        case errSecItemNotFound:
            SecItemAdd(item(account, token) as CFDictionary, nil)
        default:
            break
        }
    }

    // A delete first: only the discarded status is wrong (the message says so).
    func replace(_ token: Data, for account: String) {
        SecItemDelete(lookup(account) as CFDictionary)
        SecItemAdd(item(account, token) as CFDictionary, nil)  // expect: unhandled-duplicate-item@9
    }
}
