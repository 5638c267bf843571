import Foundation

enum LoginKind {
    case app(account: String)
    case web(account: String, server: String)
}

/// Wrong: the initializer sets the base query on the arms of a `switch`, one item class per arm.
/// The generic password's arm has no service: its add collides with the next one.
final class LoginItem {
    private let base: [String: Any]

    init(kind: LoginKind) {
        switch kind {
        case let .app(account):
            base = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: account]
        case let .web(account, server):
            base = [kSecClass as String: kSecClassInternetPassword, kSecAttrAccount as String: account, kSecAttrServer as String: server]
        }
    }

    func create(_ secret: Data) throws {
        var attributes = base
        attributes[kSecValueData as String] = secret
        attributes[kSecUseDataProtectionKeychain as String] = true
        let status = SecItemAdd(attributes as CFDictionary, nil)  // expect: generic-password-missing-primary-key@22
        guard status == errSecSuccess || status == errSecDuplicateItem else { throw StoreError(status: status) }
    }
}

/// Right: the generic password's arm names its service; the internet password needs none.
final class CompleteLoginItem {
    private let base: [String: Any]

    init(kind: LoginKind) {
        switch kind {
        case let .app(account):
            base = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.app",
                    kSecAttrAccount as String: account]
        case let .web(account, server):
            base = [kSecClass as String: kSecClassInternetPassword, kSecAttrAccount as String: account, kSecAttrServer as String: server]
        }
    }

    func create(_ secret: Data) throws {
        var attributes = base
        attributes[kSecValueData as String] = secret
        attributes[kSecUseDataProtectionKeychain as String] = true
        let status = SecItemAdd(attributes as CFDictionary, nil)
        guard status == errSecSuccess || status == errSecDuplicateItem else { throw StoreError(status: status) }
    }
}
