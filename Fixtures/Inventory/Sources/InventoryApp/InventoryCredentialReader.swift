import Foundation
import Security

func readInventoryCredential(user: String) -> Data? {
    var query = inventoryCredentialQuery(account: user)
    query[kSecReturnData as String] = true
    var result: AnyObject?
    guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess else { return nil }
    return result as? Data
}
