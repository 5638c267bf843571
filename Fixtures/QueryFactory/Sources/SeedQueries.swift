import Foundation
import Security

enum SeedQuery {
    case fetch(name: String)
    case save(name: String, secret: Data)
}

/// Builds the dictionaries the seed store hands to SecItem calls.
final class SeedQueryFactory {
    func seedQuery(for kind: SeedQuery) -> [CFString: Any] {
        var dictionary: [CFString: Any] = [kSecClass: kSecClassGenericPassword, kSecUseDataProtectionKeychain: true]
        switch kind {
        case let .fetch(name):
            dictionary[kSecAttrAccount] = name
            dictionary[kSecReturnData] = true
        case let .save(name, secret):
            dictionary[kSecAttrAccount] = name
            dictionary[kSecValueData] = secret
        }
        return dictionary
    }
}
