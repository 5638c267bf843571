import Foundation

enum BackupQuery {
    case read(name: String)
    case store(name: String, blob: Data)
}

protocol BackupQueryProviding: AnyObject {
    func query(for kind: BackupQuery) -> CFDictionary
}

/// Wrong, but not here: backups name only an account. The add that stores one is reported where
/// `BackupAdapter` passes this dictionary to the service, not at this literal.
final class BackupQueryProvider: BackupQueryProviding {
    func query(for kind: BackupQuery) -> CFDictionary {
        var dictionary: [CFString: Any] = [
            kSecClass: kSecClassGenericPassword,
            kSecUseDataProtectionKeychain: true,
        ]
        switch kind {
        case let .read(name):
            dictionary[kSecAttrAccount] = name
            dictionary[kSecReturnData] = true
        case let .store(name, blob):
            dictionary[kSecAttrAccount] = name
            dictionary[kSecValueData] = blob
        }
        return dictionary as CFDictionary
    }
}
