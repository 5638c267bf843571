import Security

// Keys spelled once for the whole module, the way wrapper libraries do it; the other files of
// this folder use them without mentioning a single kSec constant.
let Class = String(kSecClass)
let GenericPassword = String(kSecClassGenericPassword)
let AttributeService = String(kSecAttrService)
let AttributeAccount = String(kSecAttrAccount)
let AttributeAccessible = String(kSecAttrAccessible)
let AccessibleAfterFirstUnlock = String(kSecAttrAccessibleAfterFirstUnlock)
let ValueData = String(kSecValueData)
let UseDataProtectionKeychain = String(kSecUseDataProtectionKeychain)

enum KeychainConstants {
    static let accessGroup = kSecAttrAccessGroup as AnyHashable
    static let synchronizable = kSecAttrSynchronizable as String
}

/// Stored references to the Security functions, so tests can swap them.
enum SecurityFunctions {
    static var secItemAdd = SecItemAdd
    static var secItemCopyMatching: (CFDictionary, UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus = SecItemCopyMatching
}
