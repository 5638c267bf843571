import Foundation
import Security

/// Keychain keys named by the cases of an enum: `value()` and `key` map each case to a Security
/// constant, so `ItemKeyName.dataProtection.value()` in another file is kSecUseDataProtectionKeychain.
enum ItemKeyName {
    case itemClass
    case service
    case account
    case secret
    case dataProtection

    private func string(_ key: CFString) -> String {
        key as String
    }

    func value() -> String {
        switch self {
        case .itemClass:
            return string(kSecClass)
        case .service:
            return string(kSecAttrService)
        case .account:
            return string(kSecAttrAccount)
        case .secret:
            return string(kSecValueData)
        case .dataProtection:
            return string(kSecUseDataProtectionKeychain)
        }
    }

    var key: CFString {
        switch self {
        case .itemClass: kSecClass
        case .service: kSecAttrService
        case .account: kSecAttrAccount
        case .secret: kSecValueData
        case .dataProtection: kSecUseDataProtectionKeychain
        }
    }
}
