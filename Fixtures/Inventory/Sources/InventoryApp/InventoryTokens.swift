import Foundation
import Security

/// A second service: a second item, synchronised through iCloud Keychain.
func saveInventoryToken(_ token: Data) -> OSStatus {
    let query: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword,
        kSecAttrService as String: "com.example.inventory.tokens",
        kSecAttrAccount as String: "refresh",
        kSecAttrSynchronizable as String: true,
        kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock,
        kSecValueData as String: token,
    ]
    SecItemDelete(query as CFDictionary)
    return SecItemAdd(query as CFDictionary, nil)
}

/// The class comes from the caller: the inventory cannot say which item this is and lists it as
/// unresolved, with the expression.
func storeInventoryBlob(_ blob: Data, itemClass: CFString) -> OSStatus {
    let query: [String: Any] = [
        kSecClass as String: itemClass,
        kSecAttrLabel as String: "inventory-blob",
        kSecUseDataProtectionKeychain as String: true,
        kSecValueData as String: blob,
    ]
    let status = SecItemAdd(query as CFDictionary, nil)
    return status == errSecDuplicateItem ? errSecSuccess : status
}

/// A file-based keychain item on macOS (no data protection flag): the lint run reports it, and
/// the inventory lists that finding with the item.
func saveInventoryLegacyPin(_ pin: Data) -> OSStatus {
    let query: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword,
        kSecAttrService as String: "com.example.inventory.legacy",
        kSecAttrAccount as String: "pin",
        kSecValueData as String: pin,
    ]
    let status = SecItemAdd(query as CFDictionary, nil)  // expect: missing-data-protection-keychain@18
    return status == errSecDuplicateItem ? errSecSuccess : status
}
