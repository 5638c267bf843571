import Foundation
import Security

// Shape E: the dictionary comes from a protocol extension or a base class; the conformers and
// subclasses in AccountItems.swift use it.

/// Anything the app keeps as one generic password.
protocol KeychainStorable {
    var service: String { get }
    var account: String { get }
}

extension KeychainStorable {
    /// The item's identity, as version 1 of the app queried it.
    var baseQuery: [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
    }

    /// The same identity on the data protection keychain.
    var itemQuery: [String: Any] {
        var query = baseQuery
        query[kSecUseDataProtectionKeychain as String] = true
        return query
    }
}

/// Records the settings screen keeps; subclasses name the service.
class KeychainRecord {
    let service: String

    init(service: String) {
        self.service = service
    }

    /// Predates the Mac app: no data protection flag.
    var lookupQuery: [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service]
    }
}
