import Foundation
import Security

/// `WebCredential` sets the flag and `DeviceToken` does not: the extension's delete reads the
/// file-based keychain for a `DeviceToken`, and one type's flag does not count for the other.
struct WebCredential: StoredItem {
    let query: [String: Any]

    init(server: String) {
        var query: [String: Any] = [kSecClass as String: kSecClassInternetPassword, kSecAttrServer as String: server]
        query[kSecUseDataProtectionKeychain as String] = true
        self.query = query
    }
}

struct DeviceToken: StoredItem {
    let query: [String: Any]

    init(service: String) {
        query = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service]
    }
}

struct SecureWebCredential: SecureStoredItem {
    let query: [String: Any]

    init(server: String) {
        var query: [String: Any] = [kSecClass as String: kSecClassInternetPassword, kSecAttrServer as String: server]
        query[kSecUseDataProtectionKeychain as String] = true
        self.query = query
    }
}

struct SecureDeviceToken: SecureStoredItem {
    let query: [String: Any]

    init(service: String) {
        query = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
                 kSecUseDataProtectionKeychain as String: true]
    }
}
