import Foundation
import Security

/// The query every credential operation starts from; the add is here, the read in
/// InventoryCredentialReader.swift: one item for the inventory.
func inventoryCredentialQuery(account: String) -> [String: Any] {
    [
        kSecClass as String: kSecClassGenericPassword,
        kSecAttrService as String: "com.example.inventory.credentials",
        kSecAttrAccount as String: account,
        kSecUseDataProtectionKeychain as String: true,
    ]
}

func saveInventoryCredential(_ secret: Data, account: String) -> OSStatus {
    var query = inventoryCredentialQuery(account: account)
    query[kSecValueData as String] = secret
    query[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
    let status = SecItemAdd(query as CFDictionary, nil)
    if status == errSecDuplicateItem {
        return SecItemUpdate(inventoryCredentialQuery(account: account) as CFDictionary, [kSecValueData: secret] as CFDictionary)
    }
    return status
}
